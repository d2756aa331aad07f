package dev.joseki.book.values;

import dev.joseki.book.BookLayout;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.MoveEval;
import dev.joseki.book.store.BookLock;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code book propagate}: one RocksDB scan into an in-memory {@link BookGraph}, {@link
 * Propagation}, then the min-max value of every move of every node written to the {@code values}
 * table of a new book version (a checkpoint of the current one: counts and evaluations are
 * hard-linked, only {@code values} is rewritten), published atomically.
 *
 * <p>Why not Spark, and why not streaming over RocksDB: propagation sweeps the whole graph until
 * nothing changes (tens to hundreds of sweeps), and each sweep reads every child of every node,
 * i.e. random access. In memory that is a few array reads per move; over RocksDB or as Spark joins
 * every sweep would be a full scan or shuffle. The graph takes about 12 bytes a move plus about 70
 * a node (key, hash table slot, state); 10⁷ positions propagated within a 3 GB heap in about 6
 * CPU-minutes (docs/results.md).
 */
public final class BookPropagation {
    /** Writes go to RocksDB in batches of this many moves (a WriteBatch is held in memory). */
    private static final int BATCH = 100_000;

    /** What one run did, for the command's report. */
    public record Summary(
            int nodes,
            int moves,
            long edges,
            long legalMoves,
            long valued,
            int checkLoopNodes,
            int sweeps,
            int rootValue,
            double scanSeconds,
            double propagateSeconds,
            double writeSeconds,
            Path version) {}

    private BookPropagation() {}

    /**
     * Propagates the book in bookDir and publishes a new version; rootKey (a full key) may be null.
     */
    public static Summary run(Path bookDir, int threads, byte[] rootKey) {
        // held from the read to the publish: a build publishing meanwhile would lose its games
        BookLock lock = BookLock.acquire(bookDir, java.time.Instant.now());
        try {
            return propagate(bookDir, threads, rootKey);
        } finally {
            lock.close();
        }
    }

    private static Summary propagate(Path bookDir, int threads, byte[] rootKey) {
        long t0 = System.nanoTime();
        GraphScan.Scanned s;
        Path current;
        try (RocksBook book = RocksBook.open(bookDir)) {
            current = book.version();
            s =
                    GraphScan.scan(
                            book,
                            book.metadata().minCount(),
                            v -> book.forEachEval(EvalLayout.Table.EVALS, v),
                            threads);
        }
        long t1 = System.nanoTime();
        BookGraph g = s.graph();
        Propagation p = Propagation.run(g);
        long t2 = System.nanoTime();
        Path version = BookVersions.newVersion(bookDir);
        long valued = 0, edges = 0;
        int loops = 0;
        try (BookStore store = BookStore.create(version, current)) {
            store.clear(EvalLayout.Table.VALUES);
            Map<byte[], MoveEval> batch = new TreeMap<>(java.util.Arrays::compareUnsigned);
            for (int i = 0; i < g.nodes(); i++) {
                loops += p.inCheckLoop(i) ? 1 : 0;
                byte[] key = null;
                for (int j = g.firstMove(i); j < g.endMove(i); j++) {
                    edges += g.target(j) == BookGraph.LEAF ? 0 : 1;
                    int v = p.moveValue(j);
                    if (v == ValueDepth.UNKNOWN) {
                        continue;
                    }
                    if (key == null) {
                        key = s.keys().key(i);
                    }
                    batch.put(
                            BookLayout.entryKey(key, g.move16(j)),
                            new MoveEval(ValueDepth.value(v), ValueDepth.depth(v), 0));
                    valued++;
                }
                if (batch.size() >= BATCH) {
                    store.putEvals(EvalLayout.Table.VALUES, batch);
                    batch.clear();
                }
            }
            store.putEvals(EvalLayout.Table.VALUES, batch);
            Map<String, String> meta = new LinkedHashMap<>();
            meta.put(BookMetadata.PROPAGATED_AT, java.time.Instant.now().toString());
            meta.put(BookMetadata.PROPAGATED_NODES, Integer.toString(g.nodes()));
            meta.put(BookMetadata.PROPAGATED_VALUES, Long.toString(valued));
            store.putMetadata(meta);
            store.compact(EvalLayout.Table.VALUES);
        } catch (RuntimeException e) {
            BookVersions.discard(version, e);
            throw e;
        }
        BookVersions.publish(bookDir, version);
        long t3 = System.nanoTime();
        int root = ValueDepth.UNKNOWN;
        if (rootKey != null) {
            for (int i = 0; i < s.keys().size(); i++) {
                if (s.keys().equals(i, rootKey)) {
                    root = p.nodeValue(i);
                    break;
                }
            }
        }
        return new Summary(
                g.nodes(),
                g.moves(),
                edges,
                s.legalMoves(),
                valued,
                loops,
                p.sweeps(),
                root,
                (t1 - t0) / 1e9,
                (t2 - t1) / 1e9,
                (t3 - t2) / 1e9,
                version);
    }
}
