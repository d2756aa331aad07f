package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

/**
 * The promotion zones as tables for {@link MoveGenerator}'s inner loops, indexed by colour and
 * square (c * 81 + sq) or, for the bit sets, by colour and bitboard half (c * 2 + half).
 */
final class PromotionZones {
    private PromotionZones() {}

    /** ZONE[c * 81 + sq]: sq is in c's promotion zone (its last three ranks). */
    static final boolean[] ZONE = new boolean[2 * Square.NB];

    /**
     * RELATIVE_RANK[c * 81 + sq]: sq's rank counted from c's far side (1 = the opponent's back
     * rank).
     */
    static final byte[] RELATIVE_RANK = new byte[2 * Square.NB];

    static {
        for (int c = 0; c < 2; c++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                ZONE[c * Square.NB + sq] = Square.inZone(c, sq);
                RELATIVE_RANK[c * Square.NB + sq] = (byte) Square.relativeRank(c, sq);
            }
        }
    }

    /**
     * STEP_PROMOTES[piece * 81 + sq]: 1 when a step of the coloured piece from sq may promote (it
     * can promote, and sq or one of its step targets is in its colour's zone).
     */
    static final byte[] STEP_PROMOTES = new byte[Piece.NB * Square.NB];

    static {
        for (int p = 1; p < Piece.NB; p++) {
            if (type(p) == 0 || !canPromote(type(p))) {
                continue;
            }
            for (int sq = 0; sq < Square.NB; sq++) {
                boolean zone = Square.inZone(color(p), sq);
                for (int to : PieceMoves.STEP_TARGETS[p][sq]) {
                    zone |= Square.inZone(color(p), to);
                }
                STEP_PROMOTES[p * Square.NB + sq] = (byte) (zone ? 1 : 0);
            }
        }
    }

    /** ZONE_MASK[c * 2 + half]: c's promotion zone as an 81-bit set. */
    static final long[] ZONE_MASK = new long[4];

    static {
        for (int c = 0; c < 2; c++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                if (Square.inZone(c, sq)) {
                    ZONE_MASK[c << 1 | (sq < 63 ? 0 : 1)] |= 1L << (sq < 63 ? sq : sq - 63);
                }
            }
        }
    }
}
