package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.ProbeResult.FullMove;
import dev.joseki.book.ProbeResult.Suggestion;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The probe algorithm over any key-value source of packed move lists ({@link Entries}), so that the
 * matching logic is the same for RocksDB and for in-memory tests:
 *
 * <ol>
 *   <li>full: the moves stored under the exact mover-view key (one point lookup);
 *   <li>half: the moves of the half key (aggregated over all matching positions at build time; one
 *       lookup);
 *   <li>quarter: per {@link Area}, the keys (area, pattern, ply) of its pattern within ±{@link
 *       QuarterKey#WINDOW} plies are adjacent in key order: one short range read of at most 21
 *       keys; counts summed per legal move, then the {@link QuarterFilter};
 *   <li>every move is turned back into the query's coordinates and checked for legality; entries
 *       (one move under one key) with a count below minCount are ignored.
 * </ol>
 */
public final class BookProbe {
    /** A sorted key-value source of {@link PackedMoves} values. */
    public interface Entries {
        /** The packed moves stored under an index key, or null. */
        byte[] moves(Index index, byte[] indexKey);

        /**
         * Visits every stored key with from ≤ key ≤ to (unsigned byte order) and its packed moves.
         */
        void range(Index index, byte[] from, byte[] to, Visitor visitor);
    }

    @FunctionalInterface
    public interface Visitor {
        void accept(byte[] key, byte[] value);
    }

    private static final Comparator<Suggestion> BY_FREQUENCY =
            Comparator.comparingLong(Suggestion::frequency)
                    .reversed()
                    .thenComparingInt(Suggestion::move16);

    /** The paper's three matches; the castle match is probed on its own ({@link #castle}). */
    private static final Set<Index> ALL = EnumSet.of(Index.FULL, Index.HALF, Index.QUARTER);

    private BookProbe() {}

    private static QuarterFilter filter(Position query, QuarterFilter[] lazy) {
        if (lazy[0] == null) {
            lazy[0] = new QuarterFilter(query);
        }
        return lazy[0];
    }

    public static ProbeResult probe(Position query, Entries entries, long minCount) {
        return probe(query, entries, minCount, ALL);
    }

    /** Only the given matches (the others come back empty); used to time each match on its own. */
    public static ProbeResult probe(
            Position query, Entries entries, long minCount, Set<Index> matches) {
        Position mover = MoverView.of(query);
        // legal moves are generated only when the book has something to filter (most probes out of
        // book find nothing)
        QuarterFilter[] lazy = new QuarterFilter[1];

        // 1. full
        List<FullMove> full = new ArrayList<>();
        byte[] fv =
                matches.contains(Index.FULL) ? entries.moves(Index.FULL, FullKey.of(mover)) : null;
        if (fv != null) {
            for (int i = 0, size = PackedMoves.size(fv); i < size; i++) {
                int m = PackedMoves.move16(fv, i);
                if (PackedMoves.count(fv, i) >= minCount && filter(query, lazy).isLegal(m)) {
                    full.add(new FullMove(MoverView.toQuery(query, m), PackedMoves.stats(fv, i)));
                }
            }
            full.sort(
                    Comparator.comparingLong((FullMove f) -> f.stats().count())
                            .reversed()
                            .thenComparingInt(FullMove::move16));
        }

        // 2. half
        List<Suggestion> half = new ArrayList<>();
        byte[] hv =
                matches.contains(Index.HALF) ? entries.moves(Index.HALF, HalfKey.of(mover)) : null;
        if (hv != null) {
            for (int i = 0, size = PackedMoves.size(hv); i < size; i++) {
                int m = PackedMoves.move16(hv, i);
                long c = PackedMoves.count(hv, i);
                if (c >= minCount && filter(query, lazy).isLegal(m)) {
                    half.add(new Suggestion(MoverView.toQuery(query, m), c, null));
                }
            }
            half.sort(BY_FREQUENCY);
        }

        // 3. quarter: the window's values of each area, then frequencies summed per legal move of
        // the query (the filter numbers them)
        List<Suggestion> quarter = new ArrayList<>();
        if (matches.contains(Index.QUARTER)) {
            Area[] areas = Area.values();
            List<List<byte[]>> windows = new ArrayList<>(areas.length);
            boolean found = false;
            for (Area a : areas) {
                List<byte[]> values = new ArrayList<>();
                byte[] qk = QuarterKey.ofMover(mover, a);
                int ply = QuarterKey.ply(qk);
                entries.range(
                        Index.QUARTER,
                        QuarterKey.withPly(qk, ply - QuarterKey.WINDOW),
                        QuarterKey.withPly(qk, ply + QuarterKey.WINDOW),
                        (k, v) -> values.add(v));
                windows.add(values);
                found |= !values.isEmpty();
            }
            if (found) {
                QuarterFilter filter = filter(query, lazy);
                long[] fq = new long[filter.size()];
                for (Area a : areas) {
                    java.util.Arrays.fill(fq, 0);
                    for (byte[] v : windows.get(a.ordinal())) {
                        for (int i = 0, size = PackedMoves.size(v); i < size; i++) {
                            long c = PackedMoves.count(v, i);
                            int m = PackedMoves.move16(v, i);
                            if (c >= minCount && a.touches(m)) {
                                int legal = filter.indexOf(m);
                                if (legal >= 0) {
                                    fq[legal] += c;
                                }
                            }
                        }
                    }
                    for (int i = 0; i < fq.length; i++) {
                        if (fq[i] > 0) {
                            quarter.add(new Suggestion(filter.move16(i), fq[i], a));
                        }
                    }
                }
                quarter.sort(BY_FREQUENCY);
            }
        }
        return new ProbeResult(full, half, quarter);
    }

    /**
     * The castle match (beyond the paper, see {@link CastleKey}): per area holding the mover's
     * king, the moves stored under the mover's formation in that area at any ply — one point lookup
     * per area — that touch the area and are legal here, with their count as FQ; sorted by
     * frequency. Kept apart from {@link #probe} so that the paper's modes pay nothing for it; the
     * engine's root decides whether to give these moves a bonus.
     */
    public static List<Suggestion> castle(Position query, Entries entries, long minCount) {
        List<Suggestion> out = new ArrayList<>();
        QuarterFilter filter = null;
        for (byte[] key : CastleKey.of(query)) {
            byte[] v = entries.moves(Index.CASTLE, key);
            if (v == null) {
                continue;
            }
            Area a = CastleKey.area(key);
            for (int i = 0, size = PackedMoves.size(v); i < size; i++) {
                int m = PackedMoves.move16(v, i);
                long c = PackedMoves.count(v, i);
                if (c >= minCount && a.touches(m)) {
                    filter = filter == null ? new QuarterFilter(query) : filter;
                    if (filter.isLegal(m)) {
                        out.add(new Suggestion(MoverView.toQuery(query, m), c, a));
                    }
                }
            }
        }
        out.sort(BY_FREQUENCY);
        return out;
    }
}
