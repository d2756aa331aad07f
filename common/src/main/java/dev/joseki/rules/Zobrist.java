package dev.joseki.rules;

/**
 * 64-bit Zobrist keys. Fixed seed so that keys (and the transposition table and bench signatures
 * that depend on them) are the same on every run and machine.
 */
final class Zobrist {
    /**
     * PIECE[piece * 81 + sq]. Flat tables: one bounds check and no pointer chase per lookup in
     * doMove.
     */
    static final long[] PIECE = new long[Piece.NB * Square.NB];

    /**
     * HAND[(color * 8 + type) * 19 + count], count 0..18: the key holds one term per colour and
     * type. The first factor is the index of the count in {@code Position.hand}.
     */
    static final long[] HAND = new long[2 * Piece.HAND_NB * 19];

    static final long SIDE;

    static {
        long s = 0x4a6f73656b69L; // "Joseki"
        for (int p = 1; p < Piece.NB; p++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                PIECE[p * Square.NB + sq] = s = splitMix(s);
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int t = 1; t < Piece.HAND_NB; t++) {
                for (int n = 1; n < 19; n++) {
                    HAND[hand(c * Piece.HAND_NB + t, n)] = s = splitMix(s);
                }
            }
        }
        SIDE = splitMix(s);
    }

    private Zobrist() {}

    /** Index in HAND of holding count pieces of the hand slot h = color * 8 + type. */
    static int hand(int h, int count) {
        return h * 19 + count;
    }

    private static long splitMix(long x) {
        long z = x + 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
