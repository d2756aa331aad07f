package dev.joseki.bench;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookProbe;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.store.RocksBook;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Probe latency of a built book: positions are sampled from a USI games file at random plies 1..60
 * (in and beyond the book), probed once to warm up (JIT, block cache), then timed. For each
 * position four probes are timed: full only, half only, quarter only (each with its lookups,
 * decoding and the legality filter) and the whole {@link BookProbe#probe} (all three matches in one
 * batch). Wall time and the thread's CPU time are both reported, since the benchmark machine may be
 * shared: the CPU time does not count time spent waiting for a core.
 *
 * <pre>
 * java -cp 'bench/target/joseki-bench.jar:cli/target/lib/*' dev.joseki.bench.ProbeBenchmark BOOK GAMES.usi N [SEED]
 * </pre>
 */
public final class ProbeBenchmark {
    private static final String[] NAMES = {"full", "half", "quarter", "all three (probe)"};

    private ProbeBenchmark() {}

    public static void main(String[] args) throws Exception {
        Path book = Path.of(args[0]);
        List<String> lines = Files.readAllLines(Path.of(args[1]));
        int n = Integer.parseInt(args[2]);
        SplittableRandom rnd = new SplittableRandom(args.length > 3 ? Long.parseLong(args[3]) : 1);
        List<Position> sample = new ArrayList<>();
        while (sample.size() < n) {
            String[] t = lines.get(rnd.nextInt(lines.size())).split(" ");
            Position p = Sfen.startPosition();
            int plies = 1 + rnd.nextInt(60);
            for (int i = 3; i < t.length && i - 3 < plies; i++) {
                p.doMove(UsiMove.parse(p, t[i]));
            }
            sample.add(p);
        }
        List<Set<Index>> kinds =
                List.of(
                        EnumSet.of(Index.FULL),
                        EnumSet.of(Index.HALF),
                        EnumSet.of(Index.QUARTER),
                        EnumSet.allOf(Index.class));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (RocksBook b = RocksBook.open(book)) {
            long minCount = b.metadata().minCount();
            for (int pass = 0; pass < 2; pass++) {
                for (Position p : sample) {
                    BookProbe.probe(p, b, minCount); // warm-up: JIT and block cache
                }
            }
            long[][] wall = new long[kinds.size()][n];
            long[][] cpu = new long[kinds.size()][n];
            int full = 0, half = 0, quarter = 0;
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < kinds.size(); k++) {
                    long c = threads.getCurrentThreadCpuTime();
                    long t = System.nanoTime();
                    ProbeResult r = BookProbe.probe(sample.get(i), b, minCount, kinds.get(k));
                    wall[k][i] = System.nanoTime() - t;
                    cpu[k][i] = threads.getCurrentThreadCpuTime() - c;
                    if (k == kinds.size() - 1) {
                        full += r.full().isEmpty() ? 0 : 1;
                        half += r.half().isEmpty() ? 0 : 1;
                        quarter += r.quarter().isEmpty() ? 0 : 1;
                    }
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "book %s: %s entries full/half/quarter %d/%d/%d%n",
                    book,
                    b.version().getFileName(),
                    b.metadata().entries(Index.FULL),
                    b.metadata().entries(Index.HALF),
                    b.metadata().entries(Index.QUARTER));
            System.out.printf(
                    Locale.ROOT,
                    "%d probes; matched full %d, half %d, quarter %d%n",
                    n,
                    full,
                    half,
                    quarter);
            for (int k = 0; k < kinds.size(); k++) {
                report(NAMES[k], wall[k], cpu[k]);
            }
        }
    }

    private static void report(String what, long[] wallNanos, long[] cpuNanos) {
        long[] w = wallNanos.clone(), c = cpuNanos.clone();
        Arrays.sort(w);
        Arrays.sort(c);
        int p99 = (int) Math.min(w.length - 1, Math.ceil(w.length * 0.99) - 1);
        System.out.printf(
                Locale.ROOT,
                "%-18s wall p50 %6.1f us  p99 %6.1f us  max %7.1f us | cpu p50 %6.1f us  p99 %6.1f"
                        + " us%n",
                what,
                w[w.length / 2] / 1e3,
                w[p99] / 1e3,
                w[w.length - 1] / 1e3,
                c[c.length / 2] / 1e3,
                c[p99] / 1e3);
    }
}
