package dev.joseki.book.builder;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.PackedMoves;
import dev.joseki.book.store.BookSstWriter;
import dev.joseki.book.store.RocksBook;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Iterator;
import java.util.UUID;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.ForeachPartitionFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;

/**
 * Executor side, steps 3 and 4: one key range of exploded rows ({@link ExplodeGames}), sorted by
 * their entry key k (index ‖ index key ‖ move), is aggregated in one streaming pass — equal k are
 * adjacent, and so are all moves of one index key — into one packed move list per index key ({@link
 * PackedMoves}), written to one SST file per index under {@code staging/<index>/}. When a previous
 * book version exists, the previous moves of the key are merged in first (the ingested value
 * replaces the old one), so an incremental build writes exact totals. Counts new entries (key,
 * move) per index and new full-index positions. A count past the book's 32-bit field is recorded in
 * {@code overflows} and ends the partition without an exception ({@link CountOverflow}).
 */
final class SstPartitionWriter implements ForeachPartitionFunction<Row> {
    private static final long serialVersionUID = 1L;
    private final String staging;
    private final String previous;
    private final LongAccumulator[] newEntries;
    private final LongAccumulator newPositions;

    /**
     * Per source id: the weighted count its rows added to the full index, and the full entries they
     * fell into.
     */
    private final LongAccumulator[] sourceCounts, sourceEntries;

    private final CollectionAccumulator<CountOverflow> overflows;

    SstPartitionWriter(
            String staging,
            String previous,
            LongAccumulator[] newEntries,
            LongAccumulator newPositions,
            LongAccumulator[] sourceCounts,
            LongAccumulator[] sourceEntries,
            CollectionAccumulator<CountOverflow> overflows) {
        this.overflows = overflows;
        this.staging = staging;
        this.previous = previous;
        this.newEntries = newEntries;
        this.newPositions = newPositions;
        this.sourceCounts = sourceCounts;
        this.sourceEntries = sourceEntries;
    }

    @Override
    public void call(Iterator<Row> rows) throws Exception {
        if (!rows.hasNext()) {
            return;
        }
        try (Partition p = new Partition(TaskContext.getPartitionId())) {
            byte[] k = new byte[ExplodeGames.KEY_BYTES];
            while (rows.hasNext() && p.overflow == null) {
                Row r = rows.next();
                int n = ExplodeGames.key(r, k);
                p.add(k, n, ExplodeGames.value(r));
            }
            p.finish();
            if (p.overflow != null) {
                overflows.add(p.overflow);
                return; // the driver refuses the build; what this partition wrote is removed
            }
            for (int i = 0; i < p.added.length; i++) {
                newEntries[i].add(p.added[i]);
            }
            newPositions.add(p.positions);
            for (int i = 0; i < sourceCounts.length; i++) {
                sourceCounts[i].add(p.sourceCount[i]);
                sourceEntries[i].add(p.sourceEntries[i]);
            }
        }
    }

    /**
     * The streaming state of one partition: current index key, current move, its running totals.
     */
    private final class Partition implements AutoCloseable {
        final int id;
        final RocksBook prev;
        final PackedMoves.Builder moves = new PackedMoves.Builder();
        final long[] added = new long[Index.values().length];
        long positions;
        final long[] sourceCount = new long[sourceCounts.length],
                sourceEntries = new long[sourceCounts.length];

        /** Bit s set when source s has a row in the current (full-index) move. */
        long sources;

        /** Bit s set when source s has a row in the current move, in any index. */
        long moveSources;

        /** Bit s set when source s has a row in the current group. */
        long groupSources;

        /** The first count past the book's field; once set, nothing more is written. */
        CountOverflow overflow;

        BookSstWriter writer;
        int writerIndex = -1;

        /**
         * k of the current group without the move: index byte ‖ index key; null before the first
         * row.
         */
        byte[] group;

        int move = -1;
        long count, wins, draws, losses;
        int minPly, maxPly;

        Partition(int id) {
            this.id = id;
            this.prev = previous == null ? null : RocksBook.openVersion(Paths.get(previous));
        }

        /** One row: entry key k[0 .. n), value v (see {@link ExplodeGames}). */
        void add(byte[] k, int n, long v) throws IOException {
            int len = n - 2;
            int m = (k[len] & 0xff) << 8 | (k[len + 1] & 0xff);
            if (group == null || !Arrays.equals(group, 0, group.length, k, 0, len)) {
                finish();
                groupSources = 0;
                group = Arrays.copyOf(k, len);
                startMove(m);
            } else if (m != move) {
                endMove();
                startMove(m);
            }
            int ply = ExplodeGames.ply(v);
            long c = ExplodeGames.count(v);
            count = CountOverflow.plus(count, c);
            moveSources |= 1L << ExplodeGames.sourceId(v);
            groupSources |= 1L << ExplodeGames.sourceId(v);
            switch ((int) (v & 3)) {
                case ExplodeGames.WIN -> wins += c;
                case ExplodeGames.DRAW -> draws += c;
                case ExplodeGames.LOSS -> losses += c;
                default -> {}
            }
            if (k[0] == Index.FULL.ordinal()) {
                int src = ExplodeGames.sourceId(v);
                sourceCount[src] += c;
                sources |= 1L << src;
            }
            minPly = Math.min(minPly, ply);
            maxPly = Math.max(maxPly, ply);
        }

        private void startMove(int m) {
            move = m;
            count = wins = draws = losses = 0;
            sources = moveSources = 0;
            minPly = Integer.MAX_VALUE;
            maxPly = 0;
        }

        private void endMove() {
            if (count > CountOverflow.MAX) {
                // wins, draws and losses are at most count: the count is the one to check
                overflow = overflow(move, count, moveSources, false);
                return;
            }
            moves.add(move, count, wins, draws, losses, minPly, maxPly);
            for (long s = sources; s != 0; s &= s - 1) {
                sourceEntries[Long.numberOfTrailingZeros(s)]++;
            }
        }

        /** Ends the current group: merge with the previous book and write it. */
        void finish() throws IOException {
            if (group == null) {
                return;
            }
            endMove();
            int ix = group[0];
            Index index = Index.values()[ix];
            byte[] key = Arrays.copyOfRange(group, 1, group.length);
            byte[] value = moves.build();
            moves.clear();
            byte[] old = prev == null ? null : prev.moves(index, key);
            if (overflow == null && old != null) {
                overflow = mergeOverflow(old, value);
            }
            if (overflow != null) {
                group = null;
                return;
            }
            if (old == null) {
                added[ix] += PackedMoves.size(value);
                positions += index == Index.FULL ? 1 : 0;
            } else {
                added[ix] += PackedMoves.movesNotIn(old, value);
                value = PackedMoves.merge(old, value);
            }
            if (ix != writerIndex) {
                if (writer != null) {
                    BookSstWriter full = writer;
                    writer = null; // closed once, even when finishing it fails
                    full.close();
                }
                Path dir = Files.createDirectories(Paths.get(staging, index.columnFamily()));
                writer =
                        new BookSstWriter(
                                dir.resolve("part-" + id + "-" + UUID.randomUUID() + ".sst"));
                writerIndex = ix;
            }
            writer.put(key, value);
            group = null;
        }

        private CountOverflow overflow(int move16, long sum, long sourceBits, boolean previous) {
            Index index = Index.values()[group[0]];
            byte[] key = Arrays.copyOfRange(group, 1, group.length);
            return CountOverflow.of(index, key, move16, sum, sourceBits, previous);
        }

        /**
         * The first move whose previous count plus the new one is past the field, or null. The
         * sources are not known per move here: the new rows' sources are those of the group.
         */
        private CountOverflow mergeOverflow(byte[] old, byte[] fresh) {
            for (int i = 0; i < PackedMoves.size(fresh); i++) {
                int m = PackedMoves.move16(fresh, i);
                int j = PackedMoves.indexOf(old, m);
                if (j >= 0) {
                    long sum =
                            CountOverflow.plus(
                                    PackedMoves.count(old, j), PackedMoves.count(fresh, i));
                    if (sum > CountOverflow.MAX) {
                        return overflow(m, sum, groupSources, true);
                    }
                }
            }
            return null;
        }

        @Override
        public void close() {
            try {
                if (writer != null) {
                    writer.close();
                }
            } finally {
                if (prev != null) {
                    prev.close();
                }
            }
        }
    }
}
