package dev.joseki.engine.book;

import dev.joseki.book.MoveEval;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.values.ValueDepth;
import dev.joseki.rules.Move;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * How the root chooses among the full-match moves of a position (USI option {@code BookChoice}):
 *
 * <ul>
 *   <li>{@code COUNT}: at random, in proportion to the count (Grimbergen and Matsubara);
 *   <li>{@code VALUE}: the best-valued move (propagated value, else engine evaluation; ties in
 *       value and depth broken at random by count);
 *   <li>{@code WINDOW}: at random by count among the moves valued within the window of the best and
 *       not below the limit of the side to move (a move only evaluated weighs 1);
 *   <li>{@code AUTO} (the default): WINDOW in a position where some full-match move has a value,
 *       else COUNT.
 * </ul>
 *
 * Whatever the choice, {@link BookValueRules} first drop the losing moves and leave the book when
 * the best value is below the limit of the side to move; moves without a value are never losing and
 * never set the best. Moves without a value take part in COUNT only; when no full-match move has a
 * value, VALUE and WINDOW fall back to COUNT. The only randomness is the given generator (one draw
 * per chosen move, none when the book is left), so a game seed reproduces the choice.
 */
public enum BookChoice {
    COUNT,
    VALUE,
    WINDOW,
    AUTO;

    /** The chosen move, or null to leave the book and search; the info lines explaining it. */
    public record Pick(ProbeResult.FullMove move, List<String> info) {}

    /**
     * values: by 16-bit move in the position's own coordinates (see {@code Book#values});
     * blackToMove selects the limit.
     */
    public Pick choose(
            List<ProbeResult.FullMove> full,
            Map<Integer, MoveEval> values,
            BookValueRules rules,
            boolean blackToMove,
            SplittableRandom random) {
        List<String> info = new ArrayList<>();
        MoveEval best = null;
        for (ProbeResult.FullMove f : full) {
            MoveEval v = values.get(f.move16());
            if (v != null && (best == null || ValueDepth.better(pack(v), pack(best)))) {
                best = v;
            }
        }
        int limit = rules.limit(blackToMove);
        if (best != null && best.value() < limit) {
            info.add(
                    "book full match: best book value "
                            + best.value()
                            + " below limit "
                            + limit
                            + (blackToMove ? " (black)" : " (white)")
                            + ": searching");
            return new Pick(null, info);
        }
        // with no value at all, every choice is COUNT; with values, AUTO is WINDOW
        BookChoice mode = best == null ? COUNT : this == AUTO ? WINDOW : this;
        int floor = Math.max(best == null ? 0 : best.value() - rules.window(), limit);
        List<ProbeResult.FullMove> candidates = new ArrayList<>();
        for (ProbeResult.FullMove f : full) {
            MoveEval v = values.get(f.move16());
            if (v != null && rules.losing(v.value())) {
                info.add(
                        "book full match: skipped "
                                + Move.usi(f.move16())
                                + " value "
                                + v.value()
                                + " (losing)");
            } else if (mode == COUNT) {
                candidates.add(f);
            } else if (v != null && (mode == VALUE ? pack(v) == pack(best) : v.value() >= floor)) {
                candidates.add(f);
            }
        }
        if (candidates.isEmpty()) {
            info.add("book full match: no book move left: searching");
            return new Pick(null, info);
        }
        String why =
                mode == COUNT
                        ? (this == COUNT ? "" : ", no move has a value: by count")
                        : mode == VALUE
                                ? ", best value " + best.value() + " depth " + best.depth()
                                : ", "
                                        + candidates.size()
                                        + " within "
                                        + rules.window()
                                        + " of best value "
                                        + best.value()
                                        + (floor > best.value() - rules.window()
                                                ? " and not below limit " + limit
                                                : "");
        long total = 0;
        for (ProbeResult.FullMove f : candidates) {
            total += Math.max(1, f.stats().count());
        }
        long pick = random.nextLong(total);
        ProbeResult.FullMove chosen = candidates.get(candidates.size() - 1);
        for (ProbeResult.FullMove f : candidates) {
            long c = Math.max(1, f.stats().count());
            if (pick < c) {
                chosen = f;
                break;
            }
            pick -= c;
        }
        MoveEval v = values.get(chosen.move16());
        info.add(
                "book full match: "
                        + full.size()
                        + " moves, playing "
                        + Move.usi(chosen.move16())
                        + " (count "
                        + chosen.stats().count()
                        + " of "
                        + total
                        + (v == null ? "" : ", value " + v.value() + " depth " + v.depth())
                        + ", choice "
                        + name().toLowerCase(Locale.ROOT)
                        + why
                        + ")");
        return new Pick(chosen, info);
    }

    private static int pack(MoveEval e) {
        return ValueDepth.of(e.value(), e.depth());
    }
}
