package dev.joseki.engine;

/**
 * The late-move reduction table: about ln(depth) · ln(move number) / 2 plies, rounded. Quiet moves
 * are also pruned at the depth this reduction would leave them.
 */
final class Reductions {
    private static final int[][] TABLE = new int[64][64];

    static {
        for (int d = 1; d < 64; d++) {
            for (int m = 1; m < 64; m++) {
                TABLE[d][m] = (int) (0.5 + Math.log(d) * Math.log(m) / 2.0);
            }
        }
    }

    private Reductions() {}

    /** The reduction of the moveCount-th move (from 1) at depth (both capped at 63). */
    static int of(int depth, int moveCount) {
        return TABLE[Math.min(depth, 63)][Math.min(moveCount, 63)];
    }
}
