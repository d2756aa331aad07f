package dev.joseki.engine;

/**
 * The positional weights of {@link HandcraftedEvaluator}, in centipawns from the piece owner's side
 * (the material is {@link Material}'s). Every table depends only on relative rank, distance from
 * the centre file and Chebyshev distance to a king, so the evaluation is side-symmetric by
 * construction.
 *
 * <ul>
 *   <li>{@code PST[type][(rr - 1) * 5 + cd]}: a piece of the type on relative rank rr (1 = the
 *       opponent's back rank, 9 = its own) and centre distance cd = |file - 5| (0..4).
 *   <li>{@code ATTACK[type][d]}: a non-king piece at distance d (1..8) from the enemy king; {@code
 *       DEFENCE[type][d]}: at distance d from its own king.
 *   <li>{@code HAND_THREAT[h]}: one hand piece of type h, per general (gold, silver or promoted
 *       minor piece within two squares of the enemy king) short of four around that king.
 * </ul>
 *
 * The values are data, fitted to finished games by a tuner that rewrote this file and Material's
 * two tables ({@code experiments/EvalTune.java --write}, removed; at commit 3216ae6, described in
 * docs/engine-changes.md); a change to them is an engine change, accepted by SPRT.
 */
final class EvaluationWeights {
    private EvaluationWeights() {}

    static final int[][] PST = {
        {},
        { // pawn
            12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 6, 6, 6,
            6, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        },
        { // lance
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
        },
        { // knight
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
            15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -10, -10, -10, -10, -10,
        },
        { // silver
            0, -2, -4, -6, -8, 0, -2, -4, -6, -8, 0, -2, -4, -6, -8, 12, 10, 8, 6, 4, 12, 10, 8, 6,
            4, 12, 10, 8, 6, 4, 12, 10, 8, 6, 4, 0, -2, -4, -6, -8, -15, -17, -19, -21, -23,
        },
        { // bishop
            20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        },
        { // rook
            20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        },
        { // gold
            8, 5, 2, -1, -4, 8, 5, 2, -1, -4, 8, 5, 2, -1, -4, 8, 5, 2, -1, -4, 0, -3, -6, -9, -12,
            0, -3, -6, -9, -12, 10, 7, 4, 1, -2, 10, 7, 4, 1, -2, 0, -3, -6, -9, -12,
        },
        { // king
            -110, -100, -85, -85, -85, -100, -90, -75, -75, -75, -90, -80, -65, -65, -65, -80, -70,
            -55, -55, -55, -70, -60, -45, -45, -45, -60, -50, -35, -35, -35, -10, 0, 15, 15, 15, 10,
            20, 35, 35, 35, 20, 30, 45, 45, 45,
        },
        { // tokin
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
        },
        { // promoted lance
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
        },
        { // promoted knight
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
        },
        { // promoted silver
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
        },
        { // horse
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
        },
        { // dragon
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
            0, 0, 0, 0, 0,
        },
    };
    static final int[][] ATTACK = {
        {0, 0, 0, 0, 0, 0, 0, 0, 0}, // -
        {0, 11, 7, 4, 1, 0, 0, 0, 0}, // pawn
        {0, 11, 7, 4, 1, 0, 0, 0, 0}, // lance
        {0, 22, 15, 8, 3, 1, 0, 0, 0}, // knight
        {0, 40, 27, 14, 5, 1, 0, 0, 0}, // silver
        {0, 27, 18, 9, 3, 1, 0, 0, 0}, // bishop
        {0, 27, 18, 9, 3, 1, 0, 0, 0}, // rook
        {0, 45, 30, 16, 6, 2, 0, 0, 0}, // gold
        {0, 0, 0, 0, 0, 0, 0, 0, 0}, // king
        {0, 45, 30, 16, 6, 2, 0, 0, 0}, // tokin
        {0, 45, 30, 16, 6, 2, 0, 0, 0}, // promoted lance
        {0, 45, 30, 16, 6, 2, 0, 0, 0}, // promoted knight
        {0, 45, 30, 16, 6, 2, 0, 0, 0}, // promoted silver
        {0, 54, 36, 19, 7, 2, 0, 0, 0}, // horse
        {0, 54, 36, 19, 7, 2, 0, 0, 0}, // dragon
    };
    static final int[][] DEFENCE = {
        {0, 0, 0, 0, 0, 0, 0, 0, 0}, // -
        {0, 7, 4, 1, 0, 0, 0, 0, 0}, // pawn
        {0, 3, 2, 0, 0, 0, 0, 0, 0}, // lance
        {0, 7, 4, 1, 0, 0, 0, 0, 0}, // knight
        {0, 31, 19, 7, 1, 0, 0, 0, 0}, // silver
        {0, 10, 6, 2, 0, 0, 0, 0, 0}, // bishop
        {0, 10, 6, 2, 0, 0, 0, 0, 0}, // rook
        {0, 35, 22, 8, 2, 0, 0, 0, 0}, // gold
        {0, 0, 0, 0, 0, 0, 0, 0, 0}, // king
        {0, 21, 13, 4, 1, 0, 0, 0, 0}, // tokin
        {0, 21, 13, 4, 1, 0, 0, 0, 0}, // promoted lance
        {0, 21, 13, 4, 1, 0, 0, 0, 0}, // promoted knight
        {0, 21, 13, 4, 1, 0, 0, 0, 0}, // promoted silver
        {0, 28, 17, 6, 1, 0, 0, 0, 0}, // horse
        {0, 21, 13, 4, 1, 0, 0, 0, 0}, // dragon
    };
    static final int[] HAND_THREAT = {0, 2, 3, 4, 6, 6, 8, 6};
}
