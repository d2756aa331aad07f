package dev.joseki.book.builder;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookProbe;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.store.RocksBook;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Probe latency of a built book: positions are sampled from a USI games file at random plies 1..maxPly+20
 * (in and beyond the book), probed once to warm up, then timed. Prints p50/p99 per index (the RocksDB scans
 * of that index) and for the whole probe (all three matches, legality filters included).
 *
 * <pre>java -cp 'cli/target/joseki-cli.jar:cli/target/lib/*' dev.joseki.book.builder.ProbeBenchmark BOOK GAMES.usi N [SEED]</pre>
 */
public final class ProbeBenchmark {
    private ProbeBenchmark() {
    }

    /** Times each index's scans within one probe. */
    private static final class TimedEntries implements BookProbe.Entries {
        final BookProbe.Entries delegate;
        final long[] nanos = new long[Index.values().length];
        long hits;

        TimedEntries(BookProbe.Entries delegate) {
            this.delegate = delegate;
        }

        @Override
        public void scan(Index index, byte[] from, byte[] to, BookProbe.Visitor visitor) {
            long t = System.nanoTime();
            delegate.scan(index, from, to, (k, v) -> {
                hits++;
                visitor.accept(k, v);
            });
            nanos[index.ordinal()] += System.nanoTime() - t;
        }
    }

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
        try (RocksBook b = RocksBook.open(book)) {
            long minCount = b.metadata().minCount();
            for (Position p : sample) {
                BookProbe.probe(p, b, minCount); // warm-up: JIT and block cache
            }
            long[][] perIndex = new long[Index.values().length][n];
            long[] total = new long[n];
            int full = 0, half = 0, quarter = 0;
            for (int i = 0; i < n; i++) {
                TimedEntries te = new TimedEntries(b);
                long t = System.nanoTime();
                ProbeResult r = BookProbe.probe(sample.get(i), te, minCount);
                total[i] = System.nanoTime() - t;
                for (Index ix : Index.values()) {
                    perIndex[ix.ordinal()][i] = te.nanos[ix.ordinal()];
                }
                full += r.full().isEmpty() ? 0 : 1;
                half += r.half().isEmpty() ? 0 : 1;
                quarter += r.quarter().isEmpty() ? 0 : 1;
            }
            System.out.printf(Locale.ROOT, "book %s: %s entries full/half/quarter %d/%d/%d%n", book,
                    b.version().getFileName(), b.metadata().entries(Index.FULL), b.metadata().entries(Index.HALF),
                    b.metadata().entries(Index.QUARTER));
            System.out.printf(Locale.ROOT, "%d probes; matched full %d, half %d, quarter %d%n", n, full, half, quarter);
            for (Index ix : Index.values()) {
                report(ix.columnFamily(), perIndex[ix.ordinal()]);
            }
            report("all three (probe)", total);
        }
    }

    private static void report(String what, long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "%-18s p50 %6.1f us  p99 %6.1f us  max %7.1f us%n", what,
                s[s.length / 2] / 1e3, s[(int) Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)] / 1e3,
                s[s.length - 1] / 1e3);
    }
}
