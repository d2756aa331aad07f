package dev.joseki.book.builder;

import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.MoveStats;
import dev.joseki.book.store.BookSstWriter;
import dev.joseki.book.store.RocksBook;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Iterator;
import java.util.UUID;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.ForeachPartitionFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.util.LongAccumulator;

/**
 * Executor side, step 3: one range partition of aggregated rows, sorted by (index, entry key), becomes one
 * SST file per index under {@code staging/<index>/}. When a previous book version exists, each entry's
 * previous stats are added first (the ingested file replaces the old value), so an incremental build
 * writes exact totals. Counts new entries per index and new full-index positions.
 *
 * <p>Rows: (index byte, key binary, count long, wins long, draws long, losses long, minPly int, maxPly int).
 */
final class SstPartitionWriter implements ForeachPartitionFunction<Row> {
    private static final long serialVersionUID = 1L;
    private final String staging;
    private final String previous;
    private final LongAccumulator[] newEntries;
    private final LongAccumulator newPositions;

    SstPartitionWriter(String staging, String previous, LongAccumulator[] newEntries, LongAccumulator newPositions) {
        this.staging = staging;
        this.previous = previous;
        this.newEntries = newEntries;
        this.newPositions = newPositions;
    }

    @Override
    public void call(Iterator<Row> rows) throws Exception {
        if (!rows.hasNext()) {
            return;
        }
        int partition = TaskContext.getPartitionId();
        RocksBook prev = previous == null ? null : RocksBook.openVersion(Paths.get(previous));
        BookSstWriter writer = null;
        int current = -1;
        byte[] lastFullKey = null;
        long[] added = new long[Index.values().length];
        long positions = 0;
        try {
            while (rows.hasNext()) {
                Row r = rows.next();
                int ix = r.getByte(0);
                Index index = Index.values()[ix];
                if (ix != current) {
                    if (writer != null) {
                        writer.close();
                    }
                    Path dir = Paths.get(staging, index.columnFamily());
                    Files.createDirectories(dir);
                    writer = new BookSstWriter(dir.resolve("part-" + partition + "-" + UUID.randomUUID() + ".sst"));
                    current = ix;
                }
                byte[] key = (byte[]) r.get(1);
                MoveStats s = new MoveStats(r.getLong(2), r.getLong(3), r.getLong(4), r.getLong(5),
                        r.getInt(6), r.getInt(7));
                MoveStats old = prev == null ? null : prev.get(index, key);
                if (old != null) {
                    s = s.plus(old);
                } else {
                    added[ix]++;
                }
                if (index == Index.FULL) {
                    byte[] fk = BookLayout.indexKey(key);
                    if (lastFullKey == null || !java.util.Arrays.equals(lastFullKey, fk)) {
                        if (old == null && (prev == null || !prev.hasIndexKey(Index.FULL, fk))) {
                            positions++;
                        }
                        lastFullKey = fk;
                    }
                }
                writer.put(key, BookLayout.encode(s));
            }
        } finally {
            if (writer != null) {
                writer.close();
            }
            if (prev != null) {
                prev.close();
            }
        }
        for (int i = 0; i < added.length; i++) {
            newEntries[i].add(added[i]);
        }
        newPositions.add(positions);
    }
}
