package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * An in-memory book: entry key → stats per index, in the store's key order. Used by imports and
 * small local builds, and as a {@link BookProbe.Entries} for tests; the Spark builder does the same
 * aggregation distributed.
 */
public final class BookAccumulator implements BookProbe.Entries, BookEntries, GameExploder.Sink {
    private final Map<Index, TreeMap<byte[], MoveStats>> entries = new EnumMap<>(Index.class);

    public BookAccumulator() {
        for (Index i : Index.values()) {
            entries.put(i, new TreeMap<>(Arrays::compareUnsigned));
        }
    }

    @Override
    public void accept(Index index, byte[] indexKey, int move16, int resultForMover, int ply) {
        add(index, BookLayout.entryKey(indexKey, move16), MoveStats.one(resultForMover, ply));
    }

    public void add(Index index, byte[] entryKey, MoveStats stats) {
        entries.get(index).merge(entryKey, stats, MoveStats::plus);
    }

    /**
     * Adds one position's move (a legal move of pos) with its stats to every index, with the rows
     * {@link GameExploder#explodeMove} makes.
     */
    public void addMove(dev.joseki.rules.Position pos, int move, MoveStats stats) {
        GameExploder.explodeMove(
                pos,
                move,
                GameExploder.UNKNOWN,
                (index, key, m16, r, ply) -> add(index, BookLayout.entryKey(key, m16), stats));
    }

    @Override
    public void forEach(Index index, BookProbe.Visitor visitor) {
        entries.get(index).forEach((k, v) -> visitor.accept(k, BookLayout.encode(v)));
    }

    public TreeMap<byte[], MoveStats> entries(Index index) {
        return entries.get(index);
    }

    /** The packed moves of one index key ({@link PackedMoves}), or null. */
    @Override
    public byte[] moves(Index index, byte[] indexKey) {
        PackedMoves.Builder b = new PackedMoves.Builder();
        for (Map.Entry<byte[], MoveStats> e :
                entries.get(index)
                        .subMap(
                                BookLayout.entryKey(indexKey, 0),
                                true,
                                BookLayout.afterAllMoves(indexKey),
                                false)
                        .entrySet()) {
            b.add(BookLayout.move16(e.getKey()), e.getValue());
        }
        return b.size() == 0 ? null : b.build();
    }

    @Override
    public void range(Index index, byte[] from, byte[] to, BookProbe.Visitor visitor) {
        byte[] last = null;
        for (byte[] entryKey :
                entries.get(index)
                        .subMap(
                                BookLayout.entryKey(from, 0),
                                true,
                                BookLayout.afterAllMoves(to),
                                false)
                        .keySet()) {
            byte[] k = BookLayout.indexKey(entryKey);
            if (last == null || !Arrays.equals(last, k)) {
                visitor.accept(k, moves(index, k));
                last = k;
            }
        }
    }
}
