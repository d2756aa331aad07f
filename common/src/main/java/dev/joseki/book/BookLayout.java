package dev.joseki.book;

import java.util.Arrays;

/**
 * The on-disk layout of a book, independent of the store that holds it. A book is a sorted key-value
 * store with one column family per {@link Index} plus {@code meta} and {@code games}:
 *
 * <pre>
 *  full / half / quarter   key   = index key ({@link FullKey} 33 B for complete sets, {@link HalfKey} 43 B,
 *                                  {@link QuarterKey} 16 B)
 *                                  ‖ move16 (2 B, unsigned big-endian, mover coordinates; see rules.Move)
 *                          value = version (1 B, {@link #VERSION}) ‖ count ‖ wins ‖ draws ‖ losses
 *                                  (4 B each, unsigned big-endian) ‖ minPly ‖ maxPly (2 B each)   = 21 B
 *  meta                    key   = UTF-8 name, value = UTF-8 text (see {@link BookMetadata})
 *  games                   key   = UTF-8 game_id of every game already counted, value = empty
 * </pre>
 *
 * Keys compare as unsigned bytes (RocksDB's default bytewise comparator), so all moves of one index key
 * are adjacent and, in the quarter index, all plies of one area pattern are adjacent in ply order.
 * Wins/draws/losses are from the point of view of the player who made the move; count may exceed their
 * sum when a game's result is unknown.
 */
public final class BookLayout {
    /** Version byte of every stats value; also stored as meta "layout_version". */
    public static final byte VERSION = 1;
    public static final int VALUE_LENGTH = 21;
    public static final int MOVE_LENGTH = 2;
    public static final String META = "meta";
    public static final String GAMES = "games";

    /** The three match indexes and their column family names. */
    public enum Index {
        FULL("full", FullKey.LENGTH),
        HALF("half", HalfKey.LENGTH),
        QUARTER("quarter", QuarterKey.LENGTH);

        private final String columnFamily;
        private final int keyLength;

        Index(String columnFamily, int keyLength) {
            this.columnFamily = columnFamily;
            this.keyLength = keyLength;
        }

        public String columnFamily() {
            return columnFamily;
        }

        /** Length of the index key (without the move); for FULL, of positions with a complete set. */
        public int keyLength() {
            return keyLength;
        }

        public int entryKeyLength() {
            return keyLength + MOVE_LENGTH;
        }
    }

    private BookLayout() {
    }

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
        putU32(v, 1, s.count());
        putU32(v, 5, s.wins());
        putU32(v, 9, s.draws());
        putU32(v, 13, s.losses());
        putU16(v, 17, s.minPly());
        putU16(v, 19, s.maxPly());
        return v;
    }

    public static MoveStats decode(byte[] v) {
        if (v.length != VALUE_LENGTH || v[0] != VERSION) {
            throw new IllegalArgumentException("book value has length " + v.length + " and version "
                    + (v.length > 0 ? v[0] : -1) + "; this reader knows version " + VERSION + " ("
                    + VALUE_LENGTH + " bytes)");
        }
        return new MoveStats(u32(v, 1), u32(v, 5), u32(v, 9), u32(v, 13), u16(v, 17), u16(v, 19));
    }

    private static void putU32(byte[] v, int at, long x) {
        if (x < 0 || x > 0xffff_ffffL) {
            throw new IllegalArgumentException("count " + x + " does not fit the book's 32-bit field");
        }
        v[at] = (byte) (x >>> 24);
        v[at + 1] = (byte) (x >>> 16);
        v[at + 2] = (byte) (x >>> 8);
        v[at + 3] = (byte) x;
    }

    private static void putU16(byte[] v, int at, int x) {
        int c = Math.max(0, Math.min(0xffff, x));
        v[at] = (byte) (c >>> 8);
        v[at + 1] = (byte) c;
    }

    private static long u32(byte[] v, int at) {
        return (v[at] & 0xffL) << 24 | (v[at + 1] & 0xffL) << 16 | (v[at + 2] & 0xffL) << 8 | (v[at + 3] & 0xffL);
    }

    private static int u16(byte[] v, int at) {
        return (v[at] & 0xff) << 8 | (v[at + 1] & 0xff);
    }
}
