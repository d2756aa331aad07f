package dev.joseki.book.values;

import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveValues;
import dev.joseki.book.MoverView;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which positions to evaluate next when mining a propagated book for one side (the book side), as
 * YaneuraOu's BookMiner chooses them: walk from the root breadth-first; where the book side is to
 * move follow only its best move, where the other side is to move follow every reply that keeps the
 * book side's value within {@code window} of the root's best value (seen from the book side:
 * replies the opponent might well play). A position reached this way that has no values yet is a
 * frontier position.
 *
 * <p>Deterministic: moves are visited best first (value, then the lower move16), positions in the
 * order reached; each position once (transpositions and repetitions included); at most {@code
 * limit} results.
 */
public final class Frontier {
    /** A position to evaluate, with the line of USI moves from the root that reaches it. */
    public record Target(String sfen, List<String> line) {}

    /**
     * The book's own moves of a position (16-bit, the position's coordinates), most played first.
     */
    @FunctionalInterface
    public interface BookMoves {
        BookMoves NONE = p -> new int[0];

        int[] of(Position p);
    }

    private Frontier() {}

    /**
     * The frontier for bookSide (Piece.BLACK or Piece.WHITE) from root; an empty list when the root
     * itself has no values (then the root is the only position to evaluate, which the caller
     * knows).
     */
    public static List<Target> select(
            MoveValues values, Position root, int bookSide, int window, int limit) {
        return select(values, BookMoves.NONE, root, bookSide, window, limit);
    }

    /**
     * As above, and at every position the walk visits, each book move (one the games played) that
     * has no value yet leads to a frontier position too, after the valued moves, most played first:
     * an engine's MultiPV rarely names every move the games played, and a move with no value takes
     * no part in the min-max, so without this the book's main lines would never be valued.
     */
    public static List<Target> select(
            MoveValues values,
            BookMoves bookMoves,
            Position root,
            int bookSide,
            int window,
            int limit) {
        return select(values, bookMoves, root, bookSide, window, limit, p -> false);
    }

    /**
     * As above, leaving out the frontier positions {@code skip} accepts (e.g. those already being
     * evaluated) without counting them towards {@code limit}.
     */
    public static List<Target> select(
            MoveValues values,
            BookMoves bookMoves,
            Position root,
            int bookSide,
            int window,
            int limit,
            Predicate<Position> skip) {
        List<Target> out = new ArrayList<>();
        Map<Integer, MoveEval> rootMoves = values.of(FullKey.of(root));
        Map.Entry<Integer, MoveEval> rootBest = PrincipalLine.best(rootMoves);
        if (rootBest == null || limit <= 0) {
            return out;
        }
        // the root's best value from the book side's point of view
        int rootValue =
                root.sideToMove() == bookSide
                        ? rootBest.getValue().value()
                        : -rootBest.getValue().value();
        Set<String> seen = new HashSet<>();
        ArrayDeque<Position> queue = new ArrayDeque<>();
        ArrayDeque<List<String>> lines = new ArrayDeque<>();
        seen.add(key(root));
        queue.add(root.copy());
        lines.add(List.of());
        while (!queue.isEmpty() && out.size() < limit) {
            Position p = queue.poll();
            List<String> line = lines.poll();
            List<Map.Entry<Integer, MoveEval>> moves =
                    new ArrayList<>(values.of(FullKey.of(p)).entrySet());
            moves.sort(
                    Comparator.comparing(
                                    (Map.Entry<Integer, MoveEval> e) ->
                                            PrincipalLine.pack(e.getValue()),
                                    (a, b) ->
                                            ValueDepth.better(a, b)
                                                    ? -1
                                                    : ValueDepth.better(b, a) ? 1 : 0)
                            .thenComparing(Map.Entry::getKey));
            boolean bookToMove = p.sideToMove() == bookSide;
            for (int i = 0; i < moves.size() && out.size() < limit; i++) {
                int v = moves.get(i).getValue().value();
                // book side: the best move only; other side: replies leaving the book side within
                // the window
                if (bookToMove ? i > 0 : -v > rootValue + window) {
                    continue;
                }
                int m16 = MoverView.toQuery(p, moves.get(i).getKey());
                Position child = p.copy();
                child.doMove(child.completeMove(m16));
                if (!seen.add(key(child))) {
                    continue;
                }
                List<String> childLine = new ArrayList<>(line);
                childLine.add(Move.usi(m16));
                if (values.of(FullKey.of(child)).isEmpty()) {
                    if (!skip.test(child)) {
                        out.add(new Target(Sfen.write(child), List.copyOf(childLine)));
                    }
                } else {
                    queue.add(child);
                    lines.add(childLine);
                }
            }
            Set<Integer> valued = new HashSet<>();
            for (Map.Entry<Integer, MoveEval> e : moves) {
                valued.add(MoverView.toQuery(p, e.getKey()));
            }
            for (int m16 : bookMoves.of(p)) {
                if (out.size() >= limit || valued.contains(m16)) {
                    continue;
                }
                Position child = p.copy();
                child.doMove(child.completeMove(m16));
                if (seen.add(key(child))
                        && values.of(FullKey.of(child)).isEmpty()
                        && !skip.test(child)) {
                    List<String> childLine = new ArrayList<>(line);
                    childLine.add(Move.usi(m16));
                    out.add(new Target(Sfen.write(child), List.copyOf(childLine)));
                }
            }
        }
        return out;
    }

    private static String key(Position p) {
        return java.util.HexFormat.of().formatHex(FullKey.of(p));
    }
}
