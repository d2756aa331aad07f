package dev.joseki.rules;

/**
 * Fast check detection right after a move, for the search: instead of scanning all eight lines and
 * the knight squares around the king ({@link Position#inCheck()}), look only at what the move changed.
 * A move can give check in two ways: (1) the moved (or dropped) piece itself attacks the enemy king;
 * (2) it uncovered a slider of ours on the line from the king through its from-square (a discovered
 * check). The result always equals {@code pos.inCheck()} for a position reached by a legal move
 * (tested).
 */
public final class Checks {
    private Checks() {
    }

    /** pos is the position after move (legal); true when the side now to move is in check. */
    public static boolean givesCheck(Position pos, int move) {
        final byte[] b = pos.board;
        final int them = pos.side, us = them ^ 1;
        final int k = pos.kingSquare[them];
        if (k < 0) {
            return false;
        }
        final long occLo = pos.occ[0] | pos.occ[2], occHi = pos.occ[1] | pos.occ[3];
        final int to = Move.to(move);
        final int placed = b[to];
        // Step 1. Direct check by the piece on the destination: a step (knight jumps included), or a
        // slide along a line with nothing between.
        final int si = (placed * Square.NB + to) << 1;
        if (Bitboard.contains(PieceMoves.STEP_MASK[si], PieceMoves.STEP_MASK[si | 1], k)) {
            return true;
        }
        final int d = Square.direction(to, k);
        if (d >= 0 && (PieceMoves.SLIDE[placed] & 1 << d) != 0 && Attacks.clear(to, k, occLo, occHi)) {
            return true;
        }
        if (Move.isDrop(move)) {
            return false;
        }
        // Step 2. Discovered check along the line king -> from, unless the piece stayed on that line:
        // the first piece beyond the king on that line must be a slider of ours moving towards it.
        final int from = Move.from(move);
        final int kd = Square.direction(k, from);
        if (kd < 0 || Square.direction(k, to) == kd) {
            return false;
        }
        final int s = Attacks.blocker(k, kd, occLo, occHi);
        if (s == Square.NB) {
            return false;
        }
        final int p = b[s];
        return (p >> 4) == us && (PieceMoves.SLIDE[p] & 1 << Square.opposite(kd)) != 0;
    }
}
