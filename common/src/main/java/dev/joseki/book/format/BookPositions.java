package dev.joseki.book.format;

import dev.joseki.book.BookEntries;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.MoveValues;
import dev.joseki.book.values.BookGraph;
import dev.joseki.book.values.GraphScan;
import dev.joseki.book.values.NodePlies;
import dev.joseki.book.values.ValueDepth;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Consumer;

/**
 * Every position of the book as its mover sees it (Black to move), with its moves in mover
 * coordinates:
 *
 * <ol>
 *   <li>each position of the full index with moves of count ≥ minCount, at the earliest ply it was
 *       seen, with those moves and their values, then its moves that only have a value (a
 *       transposition found by propagation, an engine's candidate no game played) with count 0;
 *   <li>each position that only has values (the mined frontier: evaluated moves of positions no
 *       game reached), with all its valued moves at count 0, at the ply {@link NodePlies} gives it
 *       in the book graph: the parent's ply + 1 along the shortest chain of counted or valued moves
 *       from a counted position, else along any move of the graph, else {@link
 *       NodePlies#ORPHAN_PLY}.
 * </ol>
 *
 * {@code value} is null for a move nobody evaluated. Step 2 scans the book graph as propagation
 * does ({@link GraphScan}: every legal move of every position is tried), so it runs only when the
 * book's values are given.
 */
final class BookPositions {
    record BookMove(int move16, MoveStats stats, MoveEval value) {}

    record BookPosition(Position position, List<BookMove> moves) {}

    /** A counted position's ply and its counted moves (move16 ascending), for {@link NodePlies}. */
    private record Counted(int ply, int[] moves) {
        boolean has(int move16) {
            return Arrays.binarySearch(moves, move16) >= 0;
        }
    }

    private BookPositions() {}

    /** The counted positions only (step 1), for a book without values. */
    static void forEach(BookEntries book, long minCount, Consumer<BookPosition> consumer) {
        forEachCounted(book, minCount, MoveValues.NONE, consumer);
    }

    /**
     * Steps 1 and 2. {@code valued} lists every (full key ‖ move16) that has a value in {@code
     * values}, in key order (unsigned bytes).
     */
    static void forEach(
            BookEntries book,
            long minCount,
            MoveValues values,
            GraphScan.Evals valued,
            Consumer<BookPosition> consumer) {
        List<Counted> counted = forEachCounted(book, minCount, values, consumer);
        int threads = Runtime.getRuntime().availableProcessors();
        GraphScan.Scanned s = GraphScan.scan(book, minCount, valued, threads);
        if (s.bookNodes() != counted.size()) {
            throw new IllegalStateException(
                    "the book changed during the export: "
                            + s.bookNodes()
                            + " counted positions in its graph, "
                            + counted.size()
                            + " exported");
        }
        BookGraph g = s.graph();
        int[] known = new int[g.nodes()];
        for (int i = 0; i < counted.size(); i++) {
            known[i] = Math.max(1, counted.get(i).ply());
        }
        // a move of the graph is followed when the export writes it: valued (the scan keeps its
        // value beside the edge) or counted at its position
        int[] ply =
                NodePlies.of(
                        g,
                        known,
                        (node, move) ->
                                g.leaf(move) != ValueDepth.UNKNOWN
                                        || node < counted.size()
                                                && counted.get(node).has(g.move16(move)));
        for (int i = s.bookNodes(); i < g.nodes(); i++) {
            byte[] key = s.keys().key(i);
            SortedMap<Integer, MoveEval> v = values.of(key);
            if (v.isEmpty()) {
                continue;
            }
            Position p = FullKey.decode(key);
            p.setMoveNumber(ply[i]);
            MoveStats none = new MoveStats(0, 0, 0, 0, ply[i], ply[i]);
            List<BookMove> out = new ArrayList<>(v.size());
            for (Map.Entry<Integer, MoveEval> e : v.entrySet()) {
                out.add(new BookMove(e.getKey(), none, e.getValue()));
            }
            consumer.accept(new BookPosition(p, List.copyOf(out)));
        }
    }

    /** Step 1; returns each position's ply and counted moves in key order (the graph's nodes). */
    private static List<Counted> forEachCounted(
            BookEntries book, long minCount, MoveValues values, Consumer<BookPosition> consumer) {
        byte[][] last = {null};
        List<BookMove> moves = new ArrayList<>();
        List<Counted> counted = new ArrayList<>();
        book.forEach(
                Index.FULL,
                (k, v) -> {
                    byte[] ik = BookLayout.indexKey(k);
                    if (last[0] != null && !Arrays.equals(last[0], ik)) {
                        flush(last[0], moves, values, consumer, counted);
                    }
                    last[0] = ik;
                    MoveStats s = BookLayout.decode(v);
                    if (s.count() >= minCount) {
                        moves.add(new BookMove(BookLayout.move16(k), s, null));
                    }
                });
        if (last[0] != null) {
            flush(last[0], moves, values, consumer, counted);
        }
        return counted;
    }

    private static void flush(
            byte[] indexKey,
            List<BookMove> moves,
            MoveValues values,
            Consumer<BookPosition> consumer,
            List<Counted> counted) {
        if (!moves.isEmpty()) {
            Position p = FullKey.decode(indexKey);
            int ply = moves.stream().mapToInt(m -> m.stats().minPly()).min().orElse(1);
            p.setMoveNumber(ply);
            SortedMap<Integer, MoveEval> v = values.of(indexKey);
            List<BookMove> out = new ArrayList<>(moves.size() + v.size());
            for (BookMove m : moves) {
                out.add(new BookMove(m.move16(), m.stats(), v.get(m.move16())));
            }
            for (Map.Entry<Integer, MoveEval> e : v.entrySet()) {
                if (moves.stream().noneMatch(m -> m.move16() == e.getKey())) {
                    out.add(
                            new BookMove(
                                    e.getKey(), new MoveStats(0, 0, 0, 0, ply, ply), e.getValue()));
                }
            }
            consumer.accept(new BookPosition(p, List.copyOf(out)));
            int[] movesOf = moves.stream().mapToInt(BookMove::move16).sorted().toArray();
            counted.add(new Counted(ply, movesOf));
        }
        moves.clear();
    }
}
