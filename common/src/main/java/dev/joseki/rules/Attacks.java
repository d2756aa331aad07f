package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

/**
 * Precomputed attack tables on {@link Bitboard}s and the attack questions built on them.
 *
 * <p>Sliders use rays and a first-blocker scan: the ray from a square in a direction, ANDed with
 * the occupancy, has its nearest blocker at the lowest set bit when the direction runs towards
 * higher square numbers (S, W, NW, SW: the odd direction indexes of {@link Square}) and at the
 * highest set bit otherwise; the attacked squares are the ray minus the blocker's own ray onward.
 * An empty scan answers {@link Square#NB}, whose rays are empty, so no branch is needed for "no
 * blocker". Step pieces (and the one-square moves of horse and dragon) use {@link
 * PieceMoves#STEP_MASK}; "which squares attack sq" for a stepper is the step set of the same piece
 * of the other colour standing on sq.
 *
 * <p>Tables hold sets as two longs at [i * 2] and [i * 2 + 1] (see {@link Bitboard}).
 */
public final class Attacks {
    /**
     * RAY[((sq * 8) + d) * 2 + half]: squares from sq (exclusive) to the edge in direction d; sq 81
     * is empty.
     */
    static final long[] RAY = new long[(Square.NB + 1) * Square.DIR_NB * 2];

    /**
     * BETWEEN[(a * 81 + b) * 2 + half]: squares strictly between two aligned squares; empty
     * otherwise.
     */
    static final long[] BETWEEN = new long[Square.NB * Square.NB * 2];

    /** ORTHO / DIAG[sq * 2 + half]: the rook's / bishop's lines through sq on an empty board. */
    static final long[] ORTHO = new long[Square.NB * 2];

    static final long[] DIAG = new long[Square.NB * 2];

    /** LANCE_FROM[(c * 81 + sq) * 2 + half]: squares from which a lance of colour c looks at sq. */
    static final long[] LANCE_FROM = new long[2 * Square.NB * 2];

    /**
     * NEAR[(c * 81 + sq) * 2 + half]: sq's eight neighbours and the squares a c knight attacks sq
     * from.
     */
    static final long[] NEAR = new long[2 * Square.NB * 2];

    /**
     * REACH[(piece * 81 + sq) * 2 + half]: every square a coloured piece on sq could move to on an
     * empty board (steps and full rays); a quick reject for pieces that cannot reach any wanted
     * square.
     */
    static final long[] REACH = new long[Piece.NB * Square.NB * 2];

    /**
     * RING_NEAR / RING_LINES[(c * 81 + k) * 2 + half]: for the squares next to k, the union of
     * their NEAR sets (colour c attacking) and the union of their rook, bishop and c-lance lines:
     * where c's pieces must stand to attack any of them at all.
     */
    static final long[] RING_NEAR = new long[2 * Square.NB * 2];

    static final long[] RING_LINES = new long[2 * Square.NB * 2];

    /** Directions that run towards higher square numbers: the first blocker is the lowest bit. */
    static final int ASCENDING = 1 << Square.S | 1 << Square.W | 1 << Square.NW | 1 << Square.SW;

    static {
        for (int sq = 0; sq < Square.NB; sq++) {
            for (int d = 0; d < Square.DIR_NB; d++) {
                for (int u : Square.ray(sq, d)) {
                    Bitboard.set(RAY, sq * Square.DIR_NB + d, u);
                    final boolean orthogonal =
                            d == Square.N || d == Square.S || d == Square.E || d == Square.W;
                    Bitboard.set(orthogonal ? ORTHO : DIAG, sq, u);
                }
                int[] ray = Square.ray(sq, d);
                for (int i = 0; i < ray.length; i++) {
                    for (int j = 0; j < i; j++) {
                        Bitboard.set(BETWEEN, sq * Square.NB + ray[i], ray[j]);
                    }
                }
            }
            for (int c = 0; c < 2; c++) {
                for (int u : PieceMoves.KNIGHT_FROM[c][sq]) {
                    Bitboard.set(NEAR, c * Square.NB + sq, u);
                }
                for (int d = 0; d < Square.DIR_NB; d++) {
                    if (Square.next(sq, d) >= 0) {
                        Bitboard.set(NEAR, c * Square.NB + sq, Square.next(sq, d));
                    }
                }
            }
            for (int p = 0; p < Piece.NB; p++) {
                final int i = (p * Square.NB + sq) << 1;
                REACH[i] = PieceMoves.STEP_MASK[i];
                REACH[i + 1] = PieceMoves.STEP_MASK[i + 1];
                for (int d = 0; d < Square.DIR_NB; d++) {
                    if ((PieceMoves.SLIDE[p] >>> d & 1) != 0) {
                        REACH[i] |= RAY[(sq * Square.DIR_NB + d) << 1];
                        REACH[i + 1] |= RAY[(sq * Square.DIR_NB + d) << 1 | 1];
                    }
                }
            }
            // A Black lance moves towards rank 1 (N), so it looks at sq from the squares S of it.
            for (int u : Square.ray(sq, Square.S)) {
                Bitboard.set(LANCE_FROM, sq, u);
            }
            for (int u : Square.ray(sq, Square.N)) {
                Bitboard.set(LANCE_FROM, Square.NB + sq, u);
            }
        }
    }

    static {
        for (int c = 0; c < 2; c++) {
            for (int k = 0; k < Square.NB; k++) {
                final int i = (c * Square.NB + k) << 1;
                for (int d = 0; d < Square.DIR_NB; d++) {
                    final int t = Square.next(k, d);
                    if (t < 0) {
                        continue;
                    }
                    final int j = (c * Square.NB + t) << 1;
                    for (int h = 0; h < 2; h++) {
                        RING_NEAR[i + h] |= NEAR[j + h];
                        RING_LINES[i + h] |= ORTHO[t * 2 + h] | DIAG[t * 2 + h] | LANCE_FROM[j + h];
                    }
                }
            }
        }
    }

    private Attacks() {}

    /**
     * True when no piece of colour by can attack any square next to k, whatever the occupancy: none
     * stands near the ring and no slider of by's stands on a line through it (the usual case before
     * the pieces meet): the king's moves then need no attack test each.
     */
    static boolean ringQuiet(Position pos, int k, int by) {
        final long[] bb = pos.bb, occ = pos.occ;
        final int i = (by * Square.NB + k) << 1;
        final long slidersLo =
                bb[PieceGroups.rookLike(by) * 2]
                        | bb[PieceGroups.bishopLike(by) * 2]
                        | bb[make(by, LANCE) * 2];
        final long slidersHi =
                bb[PieceGroups.rookLike(by) * 2 + 1]
                        | bb[PieceGroups.bishopLike(by) * 2 + 1]
                        | bb[make(by, LANCE) * 2 + 1];
        return ((RING_NEAR[i] & occ[by << 1])
                        | (RING_NEAR[i + 1] & occ[by << 1 | 1])
                        | (RING_LINES[i] & slidersLo)
                        | (RING_LINES[i + 1] & slidersHi))
                == 0;
    }

    /**
     * The nearest occupied square from sq in direction d, or {@link Square#NB} when the ray is
     * empty.
     */
    static int blocker(int sq, int d, long occLo, long occHi) {
        final int i = (sq * Square.DIR_NB + d) << 1;
        final long lo = RAY[i] & occLo, hi = RAY[i + 1] & occHi;
        return (ASCENDING >>> d & 1) != 0 ? Bitboard.first(lo, hi) : Bitboard.last(lo, hi);
    }

    /** True when no square strictly between a and b is occupied (a and b aligned). */
    static boolean clear(int a, int b, long occLo, long occHi) {
        final int i = (a * Square.NB + b) << 1;
        return ((BETWEEN[i] & occLo) | (BETWEEN[i + 1] & occHi)) == 0;
    }

    /**
     * Index into {@link PieceMoves#STEP_MASK} of the squares from which a stepper of colour by
     * attacks sq.
     */
    private static int stepFrom(int by, int type, int sq) {
        return (make(by ^ 1, type) * Square.NB + sq) << 1;
    }

    /**
     * One half (0 low, 1 high) of the set of by's steppers (pawn, knight, silver, golds, and the
     * king, horse and dragon for their one-square moves) that attack sq. The attacking piece needs
     * no free path.
     */
    static long stepAttackers(long[] bb, int sq, int by, int half) {
        final long[] step = PieceMoves.STEP_MASK;
        return step[stepFrom(by, PAWN, sq) + half] & bb[make(by, PAWN) * 2 + half]
                | step[stepFrom(by, KNIGHT, sq) + half] & bb[make(by, KNIGHT) * 2 + half]
                | step[stepFrom(by, SILVER, sq) + half] & bb[make(by, SILVER) * 2 + half]
                | step[stepFrom(by, GOLD, sq) + half] & bb[PieceGroups.golds(by) * 2 + half]
                | step[stepFrom(by, KING, sq) + half] & bb[PieceGroups.kingLike(by) * 2 + half];
    }

    /** One half of by's lances, rooks, bishops, horses and dragons on a line that may reach sq. */
    static long snipers(long[] bb, int sq, int by, int half) {
        return ORTHO[sq * 2 + half] & bb[PieceGroups.rookLike(by) * 2 + half]
                | DIAG[sq * 2 + half] & bb[PieceGroups.bishopLike(by) * 2 + half]
                | LANCE_FROM[(by * Square.NB + sq) * 2 + half] & bb[make(by, LANCE) * 2 + half];
    }

    /**
     * True when a piece of colour by attacks sq, sliders seeing through the given occupancy (which
     * may differ from the board's, e.g. with a king lifted off). Pieces are taken from pos's piece
     * sets.
     */
    static boolean attacked(Position pos, int sq, int by, long occLo, long occHi) {
        final long[] bb = pos.bb;
        final int near = (by * Square.NB + sq) << 1;
        // Quick reject of the steppers: no piece of by's next to sq or on a square its knight would
        // jump from.
        if (((NEAR[near] & pos.occ[by << 1]) | (NEAR[near + 1] & pos.occ[by << 1 | 1])) != 0
                && (stepAttackers(bb, sq, by, 0) | stepAttackers(bb, sq, by, 1)) != 0) {
            return true;
        }
        for (int half = 0; half < 2; half++) {
            for (long s = snipers(bb, sq, by, half); s != 0; s &= s - 1) {
                if (clear(sq, Long.numberOfTrailingZeros(s) + 63 * half, occLo, occHi)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Is the piece on sq pinned to the king on k by a slider of colour attacker, under the given
     * occupancy? (The piece must be the only one between the slider and the king.)
     */
    static boolean pinned(Position pos, int sq, int k, int attacker, long occLo, long occHi) {
        final int d = Square.direction(k, sq);
        if (d < 0 || !clear(k, sq, occLo, occHi)) {
            return false;
        }
        final int s = blocker(sq, d, occLo, occHi);
        if (s == Square.NB) {
            return false;
        }
        final int p = pos.board[s];
        return (p >> 4) == attacker && (PieceMoves.SLIDE[p] & 1 << Square.opposite(d)) != 0;
    }

    /**
     * True when a piece of colour by other than its king attacks sq (sliders seeing through the
     * given occupancy) and is not pinned to by's king under it: it can take a checker standing on
     * sq.
     */
    static boolean takenWithoutKing(Position pos, int sq, int by, long occLo, long occHi) {
        final long[] bb = pos.bb;
        final int k = pos.kingSquare[by];
        for (int half = 0; half < 2; half++) {
            final long notKing = k < 0 ? -1L : ~(half == 0 ? Bitboard.lo(k) : Bitboard.hi(k));
            for (long s = stepAttackers(bb, sq, by, half) & notKing; s != 0; s &= s - 1) {
                if (k < 0
                        || !pinned(
                                pos,
                                Long.numberOfTrailingZeros(s) + 63 * half,
                                k,
                                by ^ 1,
                                occLo,
                                occHi)) {
                    return true;
                }
            }
            for (long s = snipers(bb, sq, by, half); s != 0; s &= s - 1) {
                final int u = Long.numberOfTrailingZeros(s) + 63 * half;
                if (clear(sq, u, occLo, occHi)
                        && (k < 0 || !pinned(pos, u, k, by ^ 1, occLo, occHi))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The flights of colour c's king under the given occupancy (which holds the king): the squares
     * next to it without a piece of c's that c's opponent does not attack once the king is lifted
     * off its square (so that a slider's line through it counts). Written to out[0] and out[1] as a
     * {@link Bitboard} set when out is given; without out, stops at the first. Returns whether
     * there is any.
     */
    static boolean kingFlights(Position pos, int c, long occLo, long occHi, long[] out) {
        final int k = pos.kingSquare[c];
        if (out != null) {
            out[0] = 0;
            out[1] = 0;
        }
        if (k < 0) {
            return false;
        }
        final byte[] b = pos.board;
        final long liftedLo = occLo & ~Bitboard.lo(k), liftedHi = occHi & ~Bitboard.hi(k);
        final int si = b[k] * Square.NB + k;
        boolean any = false;
        long steps = PieceMoves.STEP_PACKED[si];
        for (int left = PieceMoves.stepCount(steps);
                left > 0;
                left--, steps >>>= PieceMoves.STEP_BITS) {
            final int t = PieceMoves.firstStep(steps);
            final int q = b[t];
            if ((q == 0 || (q >> 4) != c) && !attacked(pos, t, c ^ 1, liftedLo, liftedHi)) {
                if (out == null) {
                    return true;
                }
                out[0] |= Bitboard.lo(t);
                out[1] |= Bitboard.hi(t);
                any = true;
            }
        }
        return any;
    }
}
