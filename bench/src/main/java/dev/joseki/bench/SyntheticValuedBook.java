package dev.joseki.bench;

import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.MoverView;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * A large evaluated book for measuring {@code book propagate} (docs/results.md): seeded random
 * games of {@code plies} moves (the first 6 among the 3 lowest-numbered legal moves, so games share
 * openings and transpose; later captures mostly avoided), every ply a full-index entry (count 1),
 * plus for every position one other legal move with a made-up engine value (a leaf), and the last
 * move of each game evaluated too. Only the full index and the evaluations are written: propagation
 * reads nothing else.
 *
 * <pre>
 * java -cp 'bench/target/joseki-bench.jar:cli/target/lib/*' dev.joseki.bench.SyntheticValuedBook OUT_DIR POSITIONS PLIES SEED
 * </pre>
 */
public final class SyntheticValuedBook {
    /** Entries per RocksDB write batch. */
    private static final int BATCH = 200_000;

    private SyntheticValuedBook() {}

    public static void main(String[] args) {
        Path out = Path.of(args[0]).toAbsolutePath();
        long positions = Long.parseLong(args[1]);
        int plies = Integer.parseInt(args[2]);
        SplittableRandom rnd = new SplittableRandom(Long.parseLong(args[3]));
        long t0 = System.nanoTime();
        Path version = BookVersions.newVersion(out);
        long written = 0, games = 0;
        try (BookStore store = BookStore.create(version, null)) {
            Map<byte[], byte[]> full = new TreeMap<>(Arrays::compareUnsigned);
            Map<byte[], MoveEval> evals = new TreeMap<>(Arrays::compareUnsigned);
            int[] buf = new int[MoveGenerator.MAX_MOVES];
            byte[] one = BookLayout.encode(new MoveStats(1, 0, 0, 0, 1, 1));
            while (written < positions) {
                Position p = Sfen.startPosition();
                games++;
                for (int ply = 0; ply < plies && written < positions; ply++) {
                    int n = MoveGenerator.generateLegal(p, buf, 0);
                    if (n == 0) {
                        break;
                    }
                    if (ply < 6) {
                        Arrays.sort(buf, 0, n);
                    }
                    int m = buf[rnd.nextInt(ply < 6 ? Math.min(3, n) : n)];
                    // Captures mostly avoided, so that hands stay small as in real openings (a
                    // random game soon holds many pieces in hand, and each position then has
                    // hundreds of drops).
                    for (int tries = 0;
                            ply >= 6 && Move.captured(m) != 0 && tries < 8 && rnd.nextInt(10) > 0;
                            tries++) {
                        m = buf[rnd.nextInt(n)];
                    }
                    byte[] key = FullKey.of(p);
                    full.put(BookLayout.entryKey(key, MoverView.toMover(p, m)), one);
                    int alt = buf[rnd.nextInt(n)];
                    if (alt != m) {
                        evals.put(
                                BookLayout.entryKey(key, MoverView.toMover(p, alt)),
                                new MoveEval(rnd.nextInt(601) - 300, 10, 0));
                    }
                    if (ply == plies - 1 || written == positions - 1) {
                        evals.put(
                                BookLayout.entryKey(key, MoverView.toMover(p, m)),
                                new MoveEval(rnd.nextInt(601) - 300, 10, 0));
                    }
                    p.doMove(m);
                    written++;
                    if (full.size() >= BATCH) {
                        store.put(Index.FULL, full);
                        store.putEvals(EvalLayout.Table.EVALS, evals);
                        full.clear();
                        evals.clear();
                    }
                }
            }
            store.put(Index.FULL, full);
            store.putEvals(EvalLayout.Table.EVALS, evals);
            store.putMetadata(
                    Map.of(
                            BookMetadata.GAMES,
                            Long.toString(games),
                            BookMetadata.POSITIONS,
                            Long.toString(written)));
            store.compact();
        }
        BookVersions.publish(out, version);
        System.out.printf(
                "%d plies of %d games in %.0f s: %s%n",
                written, games, (System.nanoTime() - t0) / 1e9, version);
    }
}
