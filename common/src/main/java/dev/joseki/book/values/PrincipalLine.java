package dev.joseki.book.values;

import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The principal line of a book: from a position, play the best-valued move (peta_shock order, see
 * {@link ValueDepth#better}; ties to the lower move16), as long as the position has values,
 * stopping before a position repeats or after {@code maxPlies}.
 */
public final class PrincipalLine {
    /** One move of the line, in the coordinates of the position it is played in, with its value. */
    public record Step(int move16, MoveEval value) {}

    private PrincipalLine() {}

    /**
     * values: a position's move values by 16-bit move in its own coordinates (as {@code
     * Book#values}).
     */
    public static List<Step> of(
            Function<Position, ? extends Map<Integer, MoveEval>> values,
            Position from,
            int maxPlies) {
        List<Step> line = new ArrayList<>();
        Position p = from.copy();
        Set<String> seen = new HashSet<>();
        while (line.size() < maxPlies
                && seen.add(java.util.HexFormat.of().formatHex(FullKey.of(p)))) {
            Map.Entry<Integer, MoveEval> best = best(values.apply(p));
            if (best == null) {
                break;
            }
            int m16 = best.getKey();
            line.add(new Step(m16, best.getValue()));
            p.doMove(p.completeMove(m16));
        }
        return line;
    }

    /** The best move of a position's values, or null when it has none. */
    public static Map.Entry<Integer, MoveEval> best(Map<Integer, MoveEval> moves) {
        Map.Entry<Integer, MoveEval> best = null;
        for (Map.Entry<Integer, MoveEval> e : moves.entrySet()) {
            if (best == null || ValueDepth.better(pack(e.getValue()), pack(best.getValue()))) {
                best = e;
            }
        }
        return best;
    }

    static int pack(MoveEval e) {
        return ValueDepth.of(e.value(), e.depth());
    }
}
