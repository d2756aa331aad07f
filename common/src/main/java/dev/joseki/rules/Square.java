package dev.joseki.rules;

/**
 * Squares are ints 0..80: {@code sq = (file - 1) * 9 + (rank - 1)}, so 1a = 0, 1i = 8, 9a = 72, 9i
 * = 80. This is the numbering of Apery's book keys and YaneuraOu's {@code SQ_11 … SQ_99}; rank 1
 * ("a") is White's back rank, so Black moves towards lower ranks.
 *
 * <p>Directions are named as Black sees the board: {@link #N} points to rank 1. Tables give, for
 * each square and direction, the next square or -1 off the board, the full ray, and the direction
 * between any two aligned squares.
 */
public final class Square {
    public static final int NB = 81;
    public static final int NONE = -1;

    // Direction index -> (file delta, rank delta). N/S first so that White's forward is Black's S.
    public static final int N = 0, S = 1, E = 2, W = 3, NE = 4, NW = 5, SE = 6, SW = 7;
    public static final int DIR_NB = 8;
    static final int[] DF = {0, 0, -1, 1, -1, 1, -1, 1};
    static final int[] DR = {-1, 1, 0, 0, -1, -1, 1, 1};
    private static final int[] OPPOSITE = {S, N, W, E, SW, SE, NW, NE};

    /** NEXT[sq * 8 + dir]: adjacent square or -1. */
    static final int[] NEXT = new int[NB * DIR_NB];

    /** RAY[sq][dir]: squares from sq (exclusive) to the edge. */
    static final int[][][] RAY = new int[NB][DIR_NB][];

    /**
     * DIRECTION[a * 81 + b]: the direction from a to b if aligned (rank, file or diagonal), else
     * -1.
     */
    static final byte[] DIRECTION = new byte[NB * NB];

    static {
        for (int sq = 0; sq < NB; sq++) {
            for (int d = 0; d < DIR_NB; d++) {
                int f = file(sq) + DF[d], r = rank(sq) + DR[d];
                NEXT[sq * DIR_NB + d] = onBoard(f, r) ? of(f, r) : NONE;
                int n = 0;
                int[] buf = new int[8];
                for (f = file(sq) + DF[d], r = rank(sq) + DR[d];
                        onBoard(f, r);
                        f += DF[d], r += DR[d]) {
                    buf[n++] = of(f, r);
                }
                RAY[sq][d] = java.util.Arrays.copyOf(buf, n);
            }
        }
        java.util.Arrays.fill(DIRECTION, (byte) -1);
        for (int a = 0; a < NB; a++) {
            for (int d = 0; d < DIR_NB; d++) {
                for (int b : RAY[a][d]) {
                    DIRECTION[a * NB + b] = (byte) d;
                }
            }
        }
    }

    private Square() {}

    /** File 1..9. */
    public static int file(int sq) {
        return sq / 9 + 1;
    }

    /** Rank 1..9 (a..i). */
    public static int rank(int sq) {
        return sq % 9 + 1;
    }

    public static int of(int file, int rank) {
        return (file - 1) * 9 + (rank - 1);
    }

    public static boolean onBoard(int file, int rank) {
        return file >= 1 && file <= 9 && rank >= 1 && rank <= 9;
    }

    public static int opposite(int dir) {
        return OPPOSITE[dir];
    }

    public static int next(int sq, int dir) {
        return NEXT[sq * DIR_NB + dir];
    }

    public static int[] ray(int sq, int dir) {
        return RAY[sq][dir];
    }

    /** Direction from a to b, or -1 when they are not on one line. */
    public static int direction(int a, int b) {
        return DIRECTION[a * NB + b];
    }

    /** The same square seen after turning the board 180°. */
    public static int flip(int sq) {
        return 80 - sq;
    }

    /** Rank counted from the given colour's own side: 1 = the opponent's back rank. */
    public static int relativeRank(int color, int sq) {
        return color == Piece.BLACK ? rank(sq) : 10 - rank(sq);
    }

    /** True when the square is in the promotion zone (the opponent's three ranks) of the colour. */
    public static boolean inZone(int color, int sq) {
        return relativeRank(color, sq) <= 3;
    }

    /** USI name, e.g. "7g". */
    public static String usi(int sq) {
        return "" + (char) ('0' + file(sq)) + (char) ('a' + rank(sq) - 1);
    }

    /** Parses "7g"-style text at offset; returns -1 when not a square. */
    public static int parseUsi(CharSequence s, int at) {
        if (at + 1 >= s.length()) {
            return NONE;
        }
        int f = s.charAt(at) - '0', r = s.charAt(at + 1) - 'a' + 1;
        return onBoard(f, r) ? of(f, r) : NONE;
    }
}
