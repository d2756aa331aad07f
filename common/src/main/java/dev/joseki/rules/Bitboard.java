package dev.joseki.rules;

/**
 * Sets of squares as two {@code long}s, YaneuraOu's layout: the low word holds squares 0..62 (files
 * 1..7, bit = square), the high word squares 63..80 (files 8 and 9, bit = square - 63). A file
 * never straddles the two words, so a lance's or a rook's vertical line lives in one word; bit 63
 * of the low word and bits 18..63 of the high word are always zero.
 *
 * <p>Java has no two-word value type, so a set is passed around as its two halves ({@code lo, hi}),
 * and tables store a set at {@code [i * 2]} (low) and {@code [i * 2 + 1]} (high). Nothing here
 * allocates.
 */
public final class Bitboard {
    /** The squares of each word: every valid bit. */
    public static final long LO_ALL = (1L << 63) - 1, HI_ALL = (1L << (Square.NB - 63)) - 1;

    /** Index of a square's word in a two-long table entry: 0 for squares 0..62, 1 for 63..80. */
    private static final byte[] HALF = new byte[Square.NB + 1];

    /** The square's bit inside its word. */
    private static final long[] BIT = new long[Square.NB + 1];

    static {
        for (int sq = 0; sq < Square.NB; sq++) {
            HALF[sq] = (byte) (sq < 63 ? 0 : 1);
            BIT[sq] = 1L << (sq < 63 ? sq : sq - 63);
        }
    }

    private Bitboard() {}

    /** 0 when sq is in the low word, 1 in the high word. */
    public static int half(int sq) {
        return HALF[sq];
    }

    /** sq's bit inside its own word. */
    public static long bit(int sq) {
        return BIT[sq];
    }

    /** The low word of {sq}: sq's bit, or 0 when sq is in the high word. */
    public static long lo(int sq) {
        return sq < 63 ? 1L << sq : 0;
    }

    /** The high word of {sq}. */
    public static long hi(int sq) {
        return sq < 63 ? 0 : 1L << (sq - 63);
    }

    public static boolean contains(long lo, long hi, int sq) {
        return sq < 63 ? (lo >>> sq & 1) != 0 : (hi >>> (sq - 63) & 1) != 0;
    }

    /** The lowest square of the set, or {@link Square#NB} when empty. */
    public static int first(long lo, long hi) {
        return lo != 0
                ? Long.numberOfTrailingZeros(lo)
                : hi != 0 ? 63 + Long.numberOfTrailingZeros(hi) : Square.NB;
    }

    /** The highest square of the set, or {@link Square#NB} when empty. */
    public static int last(long lo, long hi) {
        return hi != 0
                ? 126 - Long.numberOfLeadingZeros(hi)
                : lo != 0 ? 63 - Long.numberOfLeadingZeros(lo) : Square.NB;
    }

    public static int count(long lo, long hi) {
        return Long.bitCount(lo) + Long.bitCount(hi);
    }

    /** Adds sq to the two-long set stored at table[i * 2], table[i * 2 + 1]. */
    static void set(long[] table, int i, int sq) {
        table[i * 2 + HALF[sq]] |= BIT[sq];
    }

    /** The set's squares in ascending order, for tests and debugging (allocates). */
    public static int[] squares(long lo, long hi) {
        int[] out = new int[count(lo, hi)];
        int n = 0;
        for (long b = lo; b != 0; b &= b - 1) {
            out[n++] = Long.numberOfTrailingZeros(b);
        }
        for (long b = hi; b != 0; b &= b - 1) {
            out[n++] = 63 + Long.numberOfTrailingZeros(b);
        }
        return out;
    }
}
