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
import org.apache.spark.util.LongAccumulator;

/**
 * Executor side, steps 3 and 4: one key range of exploded rows ({@link ExplodeGames}), sorted by
 * their entry key k (index ‖ index key ‖ move), is aggregated in one streaming pass — equal k are
 * adjacent, and so are all moves of one index key — into one packed move list per index key ({@link
 * PackedMoves}), written to one SST file per index under {@code staging/<index>/}. When a previous
 * book version exists, the previous moves of the key are merged in first (the ingested value
 * replaces the old one), so an incremental build writes exact totals. Counts new entries (key,
 * move) per index and new full-index positions.
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

    SstPartitionWriter(
            String staging,
            String previous,
            LongAccumulator[] newEntries,
            LongAccumulator newPositions,
            LongAccumulator[] sourceCounts,
            LongAccumulator[] sourceEntries) {
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
            while (rows.hasNext()) {
                Row r = rows.next();
                int n = ExplodeGames.key(r, k);
                p.add(k, n, ExplodeGames.value(r));
            }
            p.finish();
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
                group = Arrays.copyOf(k, len);
                startMove(m);
            } else if (m != move) {
                endMove();
                startMove(m);
            }
            int ply = ExplodeGames.ply(v);
            long c = ExplodeGames.count(v);
            count += c;
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
            sources = 0;
            minPly = Integer.MAX_VALUE;
            maxPly = 0;
        }

        private void endMove() {
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
