package dev.joseki.rules;

/**
 * Fast check detection for the search: instead of scanning all eight lines and the knight squares
 * around the king ({@link Position#inCheck()}), look only at what the move changes. A move can give
 * check in two ways: (1) the moved (or dropped) piece itself attacks the enemy king; (2) it
 * uncovers a slider of ours on the line from the king through its from-square (a discovered check).
 *
 * <p>Two entry points answer the same question: {@link #givesCheck} right after the move, and
 * {@link #willGiveCheck} before it, so that the search can judge a move's check without making it.
 * Both equal {@code pos.inCheck()} in the position reached by a legal move (tested).
 */
public final class Checks {
    private Checks() {}

    /** pos is the position after move (legal); true when the side now to move is in check. */
    public static boolean givesCheck(Position pos, int move) {
        final int us = pos.side ^ 1;
        return checks(
                pos,
                move,
                us,
                pos.board[Move.to(move)],
                pos.occ[0] | pos.occ[2],
                pos.occ[1] | pos.occ[3]);
    }

    /** pos is the position before move (legal, pos not changed); true when the move gives check. */
    public static boolean willGiveCheck(Position pos, int move) {
        final int piece = Move.piece(move);
        final int placed = Move.isPromotion(move) ? piece + Piece.PROMOTED : piece;
        long occLo = pos.occ[0] | pos.occ[2], occHi = pos.occ[1] | pos.occ[3];
        if (!Move.isDrop(move)) {
            // Lift the mover off its square; its destination needs no update: no line through the
            // king that is examined below passes through it (it is the line's end, or off the
            // line).
            occLo &= ~Bitboard.lo(Move.from(move));
            occHi &= ~Bitboard.hi(Move.from(move));
        }
        return checks(pos, move, pos.side, placed, occLo, occHi);
    }

    /**
     * Does us's move, which puts the coloured piece placed on its destination, check the other
     * king? occLo/occHi: the occupancy after the move, except that the destination may be left out.
     * The board is read only on the discovered-check line, off the move's from and to squares,
     * where the move changes nothing.
     */
    private static boolean checks(
            Position pos, int move, int us, int placed, long occLo, long occHi) {
        final int k = pos.kingSquare[us ^ 1];
        if (k < 0) {
            return false;
        }
        final int to = Move.to(move);
        // Step 1. Direct check by the piece on the destination: a step (knight jumps included), or
        // a slide along a line with nothing between.
        final int si = (placed * Square.NB + to) << 1;
        if (Bitboard.contains(PieceMoves.STEP_MASK[si], PieceMoves.STEP_MASK[si | 1], k)) {
            return true;
        }
        final int d = Square.direction(to, k);
        if (d >= 0
                && (PieceMoves.SLIDE[placed] & 1 << d) != 0
                && Attacks.clear(to, k, occLo, occHi)) {
            return true;
        }
        if (Move.isDrop(move)) {
            return false;
        }
        // Step 2. Discovered check along the line king -> from, unless the piece stayed on that
        // line: the first piece beyond the king on that line must be a slider of ours moving
        // towards it.
        final int from = Move.from(move);
        final int kd = Square.direction(k, from);
        if (kd < 0 || Square.direction(k, to) == kd) {
            return false;
        }
        final int s = Attacks.blocker(k, kd, occLo, occHi);
        if (s == Square.NB) {
            return false;
        }
        final int p = pos.board[s];
        return (p >> 4) == us && (PieceMoves.SLIDE[p] & 1 << Square.opposite(kd)) != 0;
    }

    /**
     * CLOSE[ek * 2 + half]: the squares within two files and two ranks of ek, as a {@link Bitboard}
     * set (a table instead of the divisions of a file/rank distance: mayCheck runs for most moves
     * of the search).
     */
    private static final long[] CLOSE = new long[Square.NB * 2];

    static {
        for (int ek = 0; ek < Square.NB; ek++) {
            for (int to = 0; to < Square.NB; to++) {
                if (Math.abs(Square.file(to) - Square.file(ek)) <= 2
                        && Math.abs(Square.rank(to) - Square.rank(ek)) <= 2) {
                    CLOSE[ek * 2] |= Bitboard.lo(to);
                    CLOSE[ek * 2 + 1] |= Bitboard.hi(to);
                }
            }
        }
    }

    /**
     * False only for moves that cannot give check to the king on ek: a cheap pre-filter for {@link
     * #willGiveCheck}. A check comes from a piece landing within two files and two ranks of the
     * king (steps and knight jumps), from a slider (lance, bishop, rook and their promotions) at
     * any distance, or is uncovered by a piece leaving a line through the king.
     */
    public static boolean mayCheck(int m, int ek) {
        final int to = Move.to(m);
        if (Bitboard.contains(CLOSE[ek * 2], CLOSE[ek * 2 + 1], to)) {
            return true;
        }
        if (Move.isDrop(m)) {
            final int t = Move.dropType(m);
            return t == Piece.LANCE || t == Piece.BISHOP || t == Piece.ROOK;
        }
        final int t = Piece.type(Move.piece(m));
        return t == Piece.LANCE
                || t == Piece.BISHOP
                || t == Piece.ROOK
                || t >= Piece.HORSE
                || Square.direction(ek, Move.from(m)) >= 0;
    }
}
