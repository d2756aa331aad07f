package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * An in-memory book: entry key → stats per index, in the store's key order. Used by imports and small
 * local builds, and as a {@link BookProbe.Entries} for tests; the Spark builder does the same aggregation
 * distributed.
 */
public final class BookAccumulator implements BookProbe.Entries, GameExploder.Sink {
    private final Map<Index, TreeMap<byte[], MoveStats>> entries = new EnumMap<>(Index.class);

    public BookAccumulator() {
        for (Index i : Index.values()) {
            entries.put(i, new TreeMap<>(Arrays::compareUnsigned));
        }
    }

    @Override
    public void accept(Index index, byte[] entryKey, int resultForMover, int ply) {
        add(index, entryKey, MoveStats.one(resultForMover, ply));
    }

    public void add(Index index, byte[] entryKey, MoveStats stats) {
        entries.get(index).merge(entryKey, stats, MoveStats::plus);
    }

    public TreeMap<byte[], MoveStats> entries(Index index) {
        return entries.get(index);
    }

    @Override
    public void scan(Index index, byte[] from, byte[] to, BookProbe.Visitor visitor) {
        for (Map.Entry<byte[], MoveStats> e : entries.get(index).subMap(from, true, to, false).entrySet()) {
            visitor.accept(e.getKey(), BookLayout.encode(e.getValue()));
        }
    }
}
