package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.ProbeResult.FullMove;
import dev.joseki.book.ProbeResult.Suggestion;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The probe algorithm over any sorted entry store ({@link Entries}), so that the matching logic is the
 * same for RocksDB and for in-memory tests:
 * <ol>
 * <li>full: all entries of the exact mover-view key;
 * <li>half: all entries of the half key at the same ply (aggregation over positions was done at build time);
 * <li>quarter: for each area, all entries of its pattern within ±{@link QuarterKey#WINDOW} plies, counts
 *     summed per move, then the {@link QuarterFilter};
 * <li>every move is turned back into the query's coordinates and checked for legality; entries with a
 *     count below minCount are ignored.
 * </ol>
 */
public final class BookProbe {
    /** A sorted key-value source: visit every entry with from ≤ key < to (unsigned byte order). */
    public interface Entries {
        void scan(Index index, byte[] from, byte[] to, Visitor visitor);
    }

    @FunctionalInterface
    public interface Visitor {
        void accept(byte[] key, byte[] value);
    }

    private static final Comparator<Suggestion> BY_FREQUENCY =
            Comparator.comparingLong(Suggestion::frequency).reversed().thenComparingInt(Suggestion::move16);

    private BookProbe() {
    }

    public static ProbeResult probe(Position query, Entries entries, long minCount) {
        Position mover = MoverView.of(query);
        QuarterFilter filter = new QuarterFilter(query);

        // 1. full
        List<FullMove> full = new ArrayList<>();
        byte[] fk = FullKey.of(mover);
        entries.scan(Index.FULL, fk, BookLayout.afterAllMoves(fk), (k, v) -> {
            MoveStats s = BookLayout.decode(v);
            int m = BookLayout.move16(k);
            if (s.count() >= minCount && filter.isLegal(m)) {
                full.add(new FullMove(MoverView.toQuery(query, m), s));
            }
        });
        full.sort(Comparator.comparingLong((FullMove f) -> f.stats().count()).reversed()
                .thenComparingInt(FullMove::move16));

        // 2. half
        List<Suggestion> half = new ArrayList<>();
        byte[] hk = HalfKey.of(mover);
        entries.scan(Index.HALF, hk, BookLayout.afterAllMoves(hk), (k, v) -> {
            MoveStats s = BookLayout.decode(v);
            int m = BookLayout.move16(k);
            if (s.count() >= minCount && filter.isLegal(m)) {
                half.add(new Suggestion(MoverView.toQuery(query, m), s.count(), null));
            }
        });
        half.sort(BY_FREQUENCY);

        // 3. quarter
        List<Suggestion> quarter = new ArrayList<>();
        for (Area area : Area.values()) {
            byte[] qk = QuarterKey.of(mover, area);
            int ply = QuarterKey.ply(qk);
            Map<Integer, Long> fq = new LinkedHashMap<>();
            byte[] from = BookLayout.entryKey(QuarterKey.withPly(qk, ply - QuarterKey.WINDOW), 0);
            byte[] to = BookLayout.afterAllMoves(QuarterKey.withPly(qk, ply + QuarterKey.WINDOW));
            entries.scan(Index.QUARTER, from, to, (k, v) -> {
                MoveStats s = BookLayout.decode(v);
                if (s.count() >= minCount) {
                    fq.merge(BookLayout.move16(k), s.count(), Long::sum);
                }
            });
            fq.forEach((m, n) -> {
                if (filter.keep(area, m)) {
                    quarter.add(new Suggestion(MoverView.toQuery(query, m), n, area));
                }
            });
        }
        quarter.sort(BY_FREQUENCY);
        return new ProbeResult(full, half, quarter);
    }
}
