package dev.joseki.engine;

import dev.joseki.rules.Position;

/**
 * How far the static eval has been from the search's result in positions of a similar shape: the
 * correction the search adds to the static eval before it prunes by it. Three tables, each indexed
 * by the side to move and the high bits of one placement hash ({@link Position#structureKey}: pawns
 * and kings; {@link Position#placementKey}: where each side's other pieces stand), every entry
 * within ±{@link #LIMIT}, updated by the history gravity rule (e += b − e·|b| / LIMIT).
 *
 * <p>The correction is the sum of the three entries times 3/32, so that one full entry is about a
 * pawn (96) and all three at most 288 ({@link #correct}); the update's bonus is the search's error
 * times the depth times 12/128 (17/128 when no move raised alpha), at most a quarter of the limit,
 * and 187/128 of it on each placement table ({@link #update}). The scale follows the strongest
 * engines' correction histories.
 */
final class CorrectionHistory {
    static final int LIMIT = 1024;
    private static final int BITS = 14;
    private static final int SIZE = 1 << BITS;

    private final short[] structure = new short[2 * SIZE];
    private final short[] placementBlack = new short[2 * SIZE];
    private final short[] placementWhite = new short[2 * SIZE];

    private static int index(int us, long key) {
        return us << BITS | (int) (key >>> (64 - BITS));
    }

    /** The raw static eval of pos (side to move's view) corrected, kept clear of the mate range. */
    int correct(Position pos, int rawEval) {
        final int us = pos.sideToMove();
        final int sum =
                structure[index(us, pos.structureKey())]
                        + placementBlack[index(us, pos.placementKey(0))]
                        + placementWhite[index(us, pos.placementKey(1))];
        final int v = rawEval + sum * 3 / 32;
        return Math.max(-Score.MATE_IN_MAX_PLY + 1, Math.min(Score.MATE_IN_MAX_PLY - 1, v));
    }

    /**
     * After a node searched to depth: its result best against its (corrected) static eval, with
     * fellHigh when some move raised alpha. Only called when the error agrees with the bound (see
     * the search).
     */
    void update(Position pos, int best, int staticEval, int depth, boolean fellHigh) {
        final int us = pos.sideToMove();
        final int bonus =
                Math.max(
                        -LIMIT / 4,
                        Math.min(
                                LIMIT / 4,
                                (best - staticEval) * depth * (fellHigh ? 12 : 17) / 128));
        add(structure, index(us, pos.structureKey()), bonus);
        add(placementBlack, index(us, pos.placementKey(0)), bonus * 187 / 128);
        add(placementWhite, index(us, pos.placementKey(1)), bonus * 187 / 128);
    }

    private static void add(short[] table, int i, int bonus) {
        final int b = Math.max(-LIMIT, Math.min(LIMIT, bonus));
        table[i] = (short) (table[i] + b - table[i] * Math.abs(b) / LIMIT);
    }

    void clear() {
        java.util.Arrays.fill(structure, (short) 0);
        java.util.Arrays.fill(placementBlack, (short) 0);
        java.util.Arrays.fill(placementWhite, (short) 0);
    }
}
