package dev.joseki.rules;

/**
 * 64-bit Zobrist keys. Fixed seed so that keys (and the transposition table and bench signatures that
 * depend on them) are the same on every run and machine.
 */
final class Zobrist {
    static final long[][] PIECE = new long[Piece.NB][Square.NB];
    /** HAND[color][type][count], count 0..18: the key holds one term per colour and type. */
    static final long[][][] HAND = new long[2][Piece.HAND_NB][19];
    static final long SIDE;

    static {
        long s = 0x4a6f73656b69L; // "Joseki"
        for (int p = 1; p < Piece.NB; p++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                PIECE[p][sq] = s = splitMix(s);
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int t = 1; t < Piece.HAND_NB; t++) {
                for (int n = 1; n < 19; n++) {
                    HAND[c][t][n] = s = splitMix(s);
                }
            }
        }
        SIDE = splitMix(s);
    }

    private Zobrist() {
    }

    private static long splitMix(long x) {
        long z = x + 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
