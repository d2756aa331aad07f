package dev.joseki.engine.book;

import dev.joseki.book.MoveEval;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.values.ValueDepth;
import dev.joseki.rules.Move;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * How the root chooses among the full-match moves of a position (USI option {@code BookChoice}):
 *
 * <ul>
 *   <li>{@code COUNT}: at random, in proportion to the count (Grimbergen and Matsubara; the
 *       default);
 *   <li>{@code VALUE}: the best-valued move (propagated value, else engine evaluation; ties in
 *       value and depth broken at random by count);
 *   <li>{@code WINDOW}: at random by count among the moves valued within {@code window} of the
 *       best.
 * </ul>
 *
 * Moves without a value take no part in VALUE and WINDOW; when no full-match move has a value, both
 * fall back to COUNT. The only randomness is the given generator, so a game seed reproduces the
 * choice.
 */
public enum BookChoice {
    COUNT,
    VALUE,
    WINDOW;

    /** The chosen move and the info string explaining it. */
    public record Pick(ProbeResult.FullMove move, String info) {}

    /** values: by 16-bit move in the position's own coordinates (see {@code Book#values}). */
    public Pick choose(
            List<ProbeResult.FullMove> full,
            Map<Integer, MoveEval> values,
            int window,
            SplittableRandom random) {
        List<ProbeResult.FullMove> candidates = full;
        String why = "";
        if (this != COUNT) {
            MoveEval best = null;
            for (ProbeResult.FullMove f : full) {
                MoveEval v = values.get(f.move16());
                if (v != null && (best == null || ValueDepth.better(pack(v), pack(best)))) {
                    best = v;
                }
            }
            if (best == null) {
                why = ", no move has a value: by count";
            } else {
                candidates = new ArrayList<>();
                for (ProbeResult.FullMove f : full) {
                    MoveEval v = values.get(f.move16());
                    boolean in =
                            v != null
                                    && (this == VALUE
                                            ? pack(v) == pack(best)
                                            : v.value() >= best.value() - window);
                    if (in) {
                        candidates.add(f);
                    }
                }
                why =
                        this == VALUE
                                ? ", best value " + best.value() + " depth " + best.depth()
                                : ", "
                                        + candidates.size()
                                        + " within "
                                        + window
                                        + " of best value "
                                        + best.value();
            }
        }
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
        String info =
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
                        + name().toLowerCase(java.util.Locale.ROOT)
                        + why
                        + ")";
        return new Pick(chosen, info);
    }

    private static int pack(MoveEval e) {
        return ValueDepth.of(e.value(), e.depth());
    }
}
