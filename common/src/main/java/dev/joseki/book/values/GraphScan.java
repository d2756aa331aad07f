package dev.joseki.book.values;

import dev.joseki.book.BookEntries;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;

/**
 * Builds the {@link BookGraph} of a book from one ordered scan of its full index and one of its raw
 * evaluations:
 *
 * <ol>
 *   <li>nodes = the full index's positions (moves of count ≥ minCount), in key order, then
 *       positions that only have evaluations, in key order;
 *   <li>each node's hash is the Zobrist key of its White-to-move twin, which is what {@code doMove}
 *       yields for a child of a (Black-to-move) node, so children are found without building their
 *       keys;
 *   <li>every legal move of every node is tried (as peta_shock does, so transpositions by moves no
 *       game played are found); a hash hit is confirmed by comparing full keys (collision-free);
 *   <li>book and evaluated moves that lead to no node are leaves, with their engine value (depth 0:
 *       the depth of a propagated value counts book plies to the leaf) or UNKNOWN; an evaluated
 *       move into a node keeps its engine value beside the edge, for while that node has no value.
 * </ol>
 *
 * Steps 2 and 3 run on {@code threads} threads over slices of nodes, joined in node order, so the
 * graph does not depend on the thread count.
 */
public final class GraphScan {
    private static final int SLICE = 1 << 14;

    /** The raw evaluations of a book in key order (full key ‖ move16, evaluation). */
    @FunctionalInterface
    public interface Evals {
        void forEach(BiConsumer<byte[], MoveEval> visitor);
    }

    /**
     * The scanned book: the graph, the full key of each node, how many legal moves were tried, and
     * how many nodes come from the full index (nodes {@code 0 .. bookNodes − 1}; the rest only have
     * evaluations).
     */
    public record Scanned(BookGraph graph, NodeKeys keys, long legalMoves, int bookNodes) {}

    private final NodeKeys keys = new NodeKeys();
    // Book moves, grouped by node in ascending node order: bookFirst[i] .. bookFirst[i + 1] − 1.
    private final IntList bookNode = new IntList();
    private final IntList bookMove = new IntList();
    // Evaluations in arrival order; sorted by node in evalOrder().
    private final IntList evalNode = new IntList();
    private final IntList evalMove = new IntList();
    private final IntList evalVd = new IntList();
    private final java.util.concurrent.atomic.LongAdder legalMoves =
            new java.util.concurrent.atomic.LongAdder();

    private GraphScan() {}

    public static Scanned scan(BookEntries book, long minCount, Evals evals, int threads) {
        GraphScan s = new GraphScan();
        s.readFull(book, minCount);
        int bookNodes = s.keys.size();
        s.readEvals(evals);
        BookGraph g = s.link(threads);
        return new Scanned(g, s.keys, s.legalMoves.sum(), bookNodes);
    }

    // Step 1a. The full index in key order: a new node at each new position key.
    private void readFull(BookEntries book, long minCount) {
        byte[][] last = {null};
        book.forEach(
                Index.FULL,
                (k, v) -> {
                    if (BookLayout.decode(v).count() < minCount) {
                        return;
                    }
                    int n = k.length - BookLayout.MOVE_LENGTH;
                    if (last[0] == null || !Arrays.equals(last[0], 0, last[0].length, k, 0, n)) {
                        last[0] = BookLayout.indexKey(k);
                        keys.add(last[0]);
                    }
                    bookNode.add(keys.size() - 1);
                    bookMove.add(BookLayout.move16(k));
                });
    }

    // Step 1b. Evaluations in key order, joined with the sorted full-index nodes by a moving
    // cursor.
    private void readEvals(Evals evals) {
        int fullNodes = keys.size();
        int[] cursor = {0};
        byte[][] lastNew = {null};
        evals.forEach(
                (k, e) -> {
                    int n = k.length - BookLayout.MOVE_LENGTH;
                    while (cursor[0] < fullNodes && keys.compare(cursor[0], k, n) < 0) {
                        cursor[0]++;
                    }
                    int node;
                    if (cursor[0] < fullNodes && keys.compare(cursor[0], k, n) == 0) {
                        node = cursor[0];
                    } else {
                        if (lastNew[0] == null
                                || !Arrays.equals(lastNew[0], 0, lastNew[0].length, k, 0, n)) {
                            lastNew[0] = BookLayout.indexKey(k);
                            keys.add(lastNew[0]);
                        }
                        node = keys.size() - 1;
                    }
                    evalNode.add(node);
                    evalMove.add(BookLayout.move16(k));
                    evalVd.add(ValueDepth.of(e.value(), 0));
                });
    }

    // Steps 2 and 3.
    private BookGraph link(int threads) {
        int n = keys.size();
        int[] bookFirst = firstIndexes(bookNode, n);
        int[] evalFirst = firstIndexes(evalNode, n);
        int[] evalOrder = evalOrder(evalFirst, n);
        long[] hash = new long[n];
        boolean[] checked = new boolean[n];
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            runSlices(
                    pool,
                    n,
                    (from, to) -> {
                        Position p = new Position();
                        for (int i = from; i < to; i++) {
                            FullKey.decode(keys.key(i), p);
                            hash[i] = p.flippedKey();
                            checked[i] = p.inCheck();
                        }
                        return null;
                    });
            NodeTable table = new NodeTable(n);
            for (int i = 0; i < n; i++) {
                table.put(hash[i], i);
            }
            List<BookGraph.Builder> slices =
                    runSlices(
                            pool,
                            n,
                            (from, to) -> {
                                BookGraph.Builder b = new BookGraph.Builder();
                                int[] legal = new int[MoveGenerator.MAX_MOVES];
                                int[] edges = new int[MoveGenerator.MAX_MOVES];
                                Position p = new Position();
                                for (int i = from; i < to; i++) {
                                    b.node(checked[i]);
                                    FullKey.decode(keys.key(i), p);
                                    int nEdges = 0;
                                    int end = MoveGenerator.generateLegal(p, legal, 0);
                                    legalMoves.add(end);
                                    for (int m = 0; m < end; m++) {
                                        p.doMove(legal[m]);
                                        int child = find(table, p);
                                        p.undoMove(legal[m]);
                                        if (child >= 0) {
                                            int m16 = Move.move16(legal[m]);
                                            b.edge(
                                                    m16,
                                                    child,
                                                    evalOf(i, m16, evalFirst, evalOrder));
                                            edges[nEdges++] = m16;
                                        }
                                    }
                                    for (int j = bookFirst[i]; j < bookFirst[i + 1]; j++) {
                                        int m16 = bookMove.get(j);
                                        if (!contains(edges, nEdges, m16)) {
                                            b.leafMove(m16, evalOf(i, m16, evalFirst, evalOrder));
                                        }
                                    }
                                    for (int k = evalFirst[i]; k < evalFirst[i + 1]; k++) {
                                        int m16 = evalMove.get(evalOrder[k]);
                                        if (!contains(edges, nEdges, m16)
                                                && !isBookMove(i, m16, bookFirst)) {
                                            b.leafMove(m16, evalVd.get(evalOrder[k]));
                                        }
                                    }
                                }
                                return b;
                            });
            BookGraph.Builder all = new BookGraph.Builder();
            for (BookGraph.Builder s : slices) {
                all.append(s);
            }
            return all.build();
        } finally {
            pool.shutdownNow();
        }
    }

    /** The node the position (a child, White to move) is, or -1. */
    private int find(NodeTable table, Position child) {
        long h = child.key();
        byte[] key = null;
        for (long hit = table.next(h, table.slot(h));
                hit >= 0;
                hit = table.next(h, (int) (hit >>> 32) + 1)) {
            if (key == null) {
                key = FullKey.of(child);
            }
            if (keys.equals((int) hit, key)) {
                return (int) hit;
            }
        }
        return -1;
    }

    private int evalOf(int node, int m16, int[] evalFirst, int[] evalOrder) {
        for (int k = evalFirst[node]; k < evalFirst[node + 1]; k++) {
            if (evalMove.get(evalOrder[k]) == m16) {
                return evalVd.get(evalOrder[k]);
            }
        }
        return ValueDepth.UNKNOWN;
    }

    private boolean isBookMove(int node, int m16, int[] bookFirst) {
        for (int j = bookFirst[node]; j < bookFirst[node + 1]; j++) {
            if (bookMove.get(j) == m16) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(int[] a, int n, int x) {
        for (int i = 0; i < n; i++) {
            if (a[i] == x) {
                return true;
            }
        }
        return false;
    }

    /**
     * first[i] = index of node i's first element in a list counted per node (counting sort
     * offsets).
     */
    private static int[] firstIndexes(IntList nodeOf, int n) {
        int[] first = new int[n + 1];
        for (int k = 0; k < nodeOf.size(); k++) {
            first[nodeOf.get(k) + 1]++;
        }
        for (int i = 0; i < n; i++) {
            first[i + 1] += first[i];
        }
        return first;
    }

    /** Indexes into the eval lists, grouped by node (stable: key order within a node). */
    private int[] evalOrder(int[] evalFirst, int n) {
        int[] next = Arrays.copyOf(evalFirst, n);
        int[] order = new int[evalNode.size()];
        for (int k = 0; k < evalNode.size(); k++) {
            order[next[evalNode.get(k)]++] = k;
        }
        return order;
    }

    @FunctionalInterface
    private interface Slice<T> {
        T run(int from, int to) throws Exception;
    }

    private static <T> List<T> runSlices(ExecutorService pool, int n, Slice<T> work) {
        List<Future<T>> futures = new ArrayList<>();
        for (int from = 0; from < n; from += SLICE) {
            int f = from, t = Math.min(n, from + SLICE);
            futures.add(pool.submit(() -> work.run(f, t)));
        }
        List<T> out = new ArrayList<>(futures.size());
        try {
            for (Future<T> f : futures) {
                out.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while scanning the book", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r
                    ? r
                    : new IllegalStateException(e.getCause());
        }
        return out;
    }

    /** A growable int array (no boxing for tens of millions of moves). */
    static final class IntList {
        private int[] a = new int[64];
        private int size;

        void add(int x) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = x;
        }

        int get(int i) {
            return a[i];
        }

        int size() {
            return size;
        }
    }
}
