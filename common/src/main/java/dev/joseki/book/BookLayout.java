package dev.joseki.book;

import java.util.Arrays;

/**
 * The on-disk layout of a book, independent of the store that holds it. A book is a sorted
 * key-value store with one column family per {@link Index} plus {@code meta} and {@code games}:
 *
 * <pre>
 *  full / half / quarter   key   = index key ({@link FullKey} 33 B for complete sets, {@link HalfKey} 43 B,
 *  / castle                        {@link QuarterKey} 16 B: area, pattern, ply; {@link CastleKey} 14 B: area,
 *                                  pattern of the area holding the mover's king, no ply)
 *                          value = {@link PackedMoves}: version (1 B, {@link #VERSION}) ‖ per move, sorted by
 *                                  move16: move16 (2 B, mover coordinates; see rules.Move) ‖ count ‖ wins ‖
 *                                  draws ‖ losses (4 B each, unsigned big-endian) ‖ minPly ‖ maxPly (2 B each)
 *  meta                    key   = UTF-8 name, value = UTF-8 text (see {@link BookMetadata})
 *  games                   key   = UTF-8 game_id of every game already counted, value = empty
 * </pre>
 *
 * Every probe is therefore a point lookup: full = one key, half = one key (the positions of the
 * same mover pieces and ply are aggregated at build time), quarter = the 21 keys (area, pattern,
 * ply − 10 … ply + 10) per area, castle = one key per area holding the mover's king. The quarter
 * and castle indexes stores only moves that touch their area (move a piece inside, out of or into
 * it, or drop into it): the quarter filter drops every other move whatever the queried position, so
 * storing them would only slow probes down.
 *
 * <p>An <em>entry</em> is one (index key, move) pair: {@link #entryKey} = index key ‖ move16, and
 * its value as seen by entry visitors ({@link #encode}) = version ‖ the record's 20 stats bytes.
 * Entry counts in the metadata count these pairs. Wins/draws/losses are from the point of view of
 * the player who made the move; count may exceed their sum when a game's result is unknown.
 */
public final class BookLayout {
    /**
     * Version byte of every value. Version 1 stored one RocksDB entry per (key, move); version 2
     * packs all moves of a key into one value.
     */
    public static final byte VERSION = 2;

    /**
     * The book layout, stored as meta "layout_version": 2 = full, half and quarter column families
     * with values of {@link #VERSION} 2; 3 = the same plus the {@code castle} column family; 4 =
     * the same plus the {@code evals} and {@code values} column families of {@link EvalLayout}.
     */
    public static final int LAYOUT = 4;

    public static final int VALUE_LENGTH = 21;
    public static final int MOVE_LENGTH = 2;
    public static final String META = "meta";
    public static final String GAMES = "games";

    /** The match indexes and their column family names. */
    public enum Index {
        FULL("full", FullKey.LENGTH),
        HALF("half", HalfKey.LENGTH),
        QUARTER("quarter", QuarterKey.LENGTH),
        /** Beyond the paper: see {@link CastleKey}. */
        CASTLE("castle", CastleKey.LENGTH);

        private final String columnFamily;
        private final int keyLength;

        Index(String columnFamily, int keyLength) {
            this.columnFamily = columnFamily;
            this.keyLength = keyLength;
        }

        public String columnFamily() {
            return columnFamily;
        }

        /**
         * Length of the index key (without the move); for FULL, of positions with a complete set.
         */
        public int keyLength() {
            return keyLength;
        }

        public int entryKeyLength() {
            return keyLength + MOVE_LENGTH;
        }
    }

    private BookLayout() {}

    public static byte[] entryKey(byte[] indexKey, int move16) {
        byte[] k = Arrays.copyOf(indexKey, indexKey.length + MOVE_LENGTH);
        k[indexKey.length] = (byte) (move16 >>> 8);
        k[indexKey.length + 1] = (byte) move16;
        return k;
    }

    public static int move16(byte[] entryKey) {
        int n = entryKey.length;
        return (entryKey[n - 2] & 0xff) << 8 | (entryKey[n - 1] & 0xff);
    }

    public static byte[] indexKey(byte[] entryKey) {
        return Arrays.copyOf(entryKey, entryKey.length - MOVE_LENGTH);
    }

    /** Exclusive upper bound of all entry keys that start with indexKey. */
    public static byte[] afterAllMoves(byte[] indexKey) {
        byte[] k = Arrays.copyOf(indexKey, indexKey.length + MOVE_LENGTH + 1);
        Arrays.fill(k, indexKey.length, k.length, (byte) 0xff);
        return k;
    }

    public static byte[] encode(MoveStats s) {
        byte[] v = new byte[VALUE_LENGTH];
        v[0] = VERSION;
        PackedMoves.putU32(v, 1, s.count());
        PackedMoves.putU32(v, 5, s.wins());
        PackedMoves.putU32(v, 9, s.draws());
        PackedMoves.putU32(v, 13, s.losses());
        PackedMoves.putU16(v, 17, s.minPly());
        PackedMoves.putU16(v, 19, s.maxPly());
        return v;
    }

    public static MoveStats decode(byte[] v) {
        if (v.length != VALUE_LENGTH || v[0] != VERSION) {
            throw new IllegalArgumentException(
                    "book value has length "
                            + v.length
                            + " and version "
                            + (v.length > 0 ? v[0] : -1)
                            + "; this reader knows version "
                            + VERSION
                            + " ("
                            + VALUE_LENGTH
                            + " bytes)");
        }
        return new MoveStats(
                PackedMoves.u32(v, 1),
                PackedMoves.u32(v, 5),
                PackedMoves.u32(v, 9),
                PackedMoves.u32(v, 13),
                PackedMoves.u16(v, 17),
                PackedMoves.u16(v, 19));
    }
}
