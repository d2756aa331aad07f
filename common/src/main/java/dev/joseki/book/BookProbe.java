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
 * <ol>
 * <li>collect the keys: the full key, the half key (same ply), and per {@link Area} the quarter keys of
 *     its pattern at every ply within ±{@link QuarterKey#WINDOW}; look them all up in one batch;
 * <li>full: the moves stored under the exact mover-view key;
 * <li>half: the moves of the half key (aggregated over all matching positions at build time);
 * <li>quarter: per area, counts summed per move over the window's keys, then the {@link QuarterFilter};
 * <li>every move is turned back into the query's coordinates and checked for legality; entries (one move
 *     under one key) with a count below minCount are ignored.
 * </ol>
 */
public final class BookProbe {
    /** A key-value source of {@link PackedMoves} values. */
    public interface Entries {
        /** The packed moves stored under an index key, or null. */
        byte[] moves(Index index, byte[] indexKey);

        /** values[i] = moves(indexes[i], keys[i]); stores override this to batch the lookups. */
        default void movesAll(Index[] indexes, byte[][] keys, byte[][] values) {
            for (int i = 0; i < keys.length; i++) {
                values[i] = moves(indexes[i], keys[i]);
            }
        }
    }

    @FunctionalInterface
    public interface Visitor {
        void accept(byte[] key, byte[] value);
    }

    private static final Comparator<Suggestion> BY_FREQUENCY =
            Comparator.comparingLong(Suggestion::frequency).reversed().thenComparingInt(Suggestion::move16);
    private static final Set<Index> ALL = EnumSet.allOf(Index.class);

    private BookProbe() {
    }

    public static ProbeResult probe(Position query, Entries entries, long minCount) {
        return probe(query, entries, minCount, ALL);
    }

    /** Only the given matches (the others come back empty); used to time each match on its own. */
    public static ProbeResult probe(Position query, Entries entries, long minCount, Set<Index> matches) {
        Position mover = MoverView.of(query);
        QuarterFilter filter = new QuarterFilter(query);

        // 1. keys, looked up in one batch
        boolean wantFull = matches.contains(Index.FULL), wantHalf = matches.contains(Index.HALF);
        boolean wantQuarter = matches.contains(Index.QUARTER);
        Area[] areas = Area.values();
        byte[][] quarterKeys = new byte[areas.length][];
        int lo = 0, hi = -1;
        if (wantQuarter) {
            for (Area a : areas) {
                quarterKeys[a.ordinal()] = QuarterKey.ofMover(mover, a);
            }
            int ply = QuarterKey.ply(quarterKeys[0]);
            lo = Math.max(0, ply - QuarterKey.WINDOW);
            hi = Math.min(Keys.MAX_PLY, ply + QuarterKey.WINDOW);
        }
        int window = hi - lo + 1;
        int n = (wantFull ? 1 : 0) + (wantHalf ? 1 : 0) + areas.length * window;
        Index[] indexes = new Index[n];
        byte[][] keys = new byte[n][];
        int k = 0;
        if (wantFull) {
            indexes[k] = Index.FULL;
            keys[k++] = FullKey.of(mover);
        }
        if (wantHalf) {
            indexes[k] = Index.HALF;
            keys[k++] = HalfKey.of(mover);
        }
        int firstQuarter = k;
        for (Area a : areas) {
            for (int p = lo; p <= hi; p++) {
                indexes[k] = Index.QUARTER;
                keys[k++] = QuarterKey.withPly(quarterKeys[a.ordinal()], p);
            }
        }
        byte[][] values = new byte[n][];
        entries.movesAll(indexes, keys, values);

        // 2. full
        List<FullMove> full = new ArrayList<>();
        if (wantFull && values[0] != null) {
            byte[] v = values[0];
            for (int i = 0, size = PackedMoves.size(v); i < size; i++) {
                int m = PackedMoves.move16(v, i);
                if (PackedMoves.count(v, i) >= minCount && filter.isLegal(m)) {
                    full.add(new FullMove(MoverView.toQuery(query, m), PackedMoves.stats(v, i)));
                }
            }
            full.sort(Comparator.comparingLong((FullMove f) -> f.stats().count()).reversed()
                    .thenComparingInt(FullMove::move16));
        }

        // 3. half
        List<Suggestion> half = new ArrayList<>();
        byte[] hv = wantHalf ? values[wantFull ? 1 : 0] : null;
        if (hv != null) {
            for (int i = 0, size = PackedMoves.size(hv); i < size; i++) {
                int m = PackedMoves.move16(hv, i);
                long c = PackedMoves.count(hv, i);
                if (c >= minCount && filter.isLegal(m)) {
                    half.add(new Suggestion(MoverView.toQuery(query, m), c, null));
                }
            }
            half.sort(BY_FREQUENCY);
        }

        // 4. quarter: frequencies summed per legal move of the query (the filter numbers them)
        List<Suggestion> quarter = new ArrayList<>();
        if (wantQuarter) {
            long[] fq = new long[filter.size()];
            for (Area a : areas) {
                java.util.Arrays.fill(fq, 0);
                int from = firstQuarter + a.ordinal() * window;
                for (int j = from; j < from + window; j++) {
                    byte[] v = values[j];
                    if (v == null) {
                        continue;
                    }
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
        return new ProbeResult(full, half, quarter);
    }
}
