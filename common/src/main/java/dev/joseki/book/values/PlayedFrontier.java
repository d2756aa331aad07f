package dev.joseki.book.values;

import dev.joseki.book.FullKey;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The book's most played positions that have no value yet: what mining evaluates beside the best
 * lines ({@link Frontier}) so that its workers never wait. The best-line frontier of a large book
 * grows a ply per fold, fewer positions than the workers can take while the fold runs; the
 * positions real games reach most are the next most useful ones, since an engine using the book
 * meets them most and the min-max can only run through valued moves.
 *
 * <p>Walk: best first by the count of the book move that reaches a position (the root first), each
 * position once; a position without values that skip does not accept is taken; every visited
 * position's book moves are followed, valued or not. Deterministic: equal counts in the order
 * reached. At most {@code maxVisits} positions are visited, which bounds the walk on a book whose
 * played positions are mostly valued already.
 */
public final class PlayedFrontier {
    /** A book move (16-bit, the position's coordinates) and how often the games played it. */
    public record PlayedMove(int move16, long count) {}

    /** The book's own moves of a position. */
    @FunctionalInterface
    public interface PlayedMoves {
        List<PlayedMove> of(Position p);
    }

    private record Node(long count, long order, Position position) {}

    private PlayedFrontier() {}

    public static List<String> select(
            dev.joseki.book.MoveValues values,
            PlayedMoves moves,
            Position root,
            int limit,
            int maxVisits,
            Predicate<Position> skip) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        // highest count first; among equal counts the one reached first
        PriorityQueue<Node> queue =
                new PriorityQueue<>(
                        (a, b) ->
                                a.count() != b.count()
                                        ? Long.compare(b.count(), a.count())
                                        : Long.compare(a.order(), b.order()));
        long order = 0;
        seen.add(key(root));
        queue.add(new Node(Long.MAX_VALUE, order++, root.copy()));
        int visits = 0;
        while (!queue.isEmpty() && out.size() < limit && visits++ < maxVisits) {
            Position p = queue.poll().position();
            if (values.of(FullKey.of(p)).isEmpty() && !skip.test(p)) {
                out.add(Sfen.write(p));
            }
            for (PlayedMove m : moves.of(p)) {
                Position child = p.copy();
                child.doMove(child.completeMove(m.move16()));
                if (seen.add(key(child))) {
                    queue.add(new Node(m.count(), order++, child));
                }
            }
        }
        return out;
    }

    private static String key(Position p) {
        return HexFormat.of().formatHex(FullKey.of(p));
    }
}
