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
        final int to = Move.to(move);
        final int placed = b[to];
        // Step 1. Direct check by the piece on the destination.
        final int d = Square.direction(to, k);
        if (d >= 0) {
            final int dirBit = 1 << d;
            if ((PieceMoves.STEP[placed] & dirBit) != 0 && Square.next(to, d) == k) {
                return true;
            }
            if ((PieceMoves.SLIDE[placed] & dirBit) != 0 && clear(b, to, k, d)) {
                return true;
            }
        } else if ((placed & 15) == Piece.KNIGHT) {
            for (int t : PieceMoves.KNIGHT_FROM[us][k]) {
                if (t == to) {
                    return true;
                }
            }
        }
        if (Move.isDrop(move)) {
            return false;
        }
        // Step 2. Discovered check along the line king -> from, unless the piece stayed on that line.
        final int from = Move.from(move);
        final int kd = Square.direction(k, from);
        if (kd < 0 || Square.direction(k, to) == kd) {
            return false;
        }
        final int toward = 1 << Square.opposite(kd);
        for (int u : Square.RAY[k][kd]) {
            final int p = b[u];
            if (p != 0) {
                return (p >> 4) == us && (PieceMoves.SLIDE[p] & toward) != 0;
            }
        }
        return false;
    }

    /** No piece strictly between a and b along direction d (from a). */
    private static boolean clear(byte[] b, int a, int target, int d) {
        for (int u : Square.RAY[a][d]) {
            if (u == target) {
                return true;
            }
            if (b[u] != 0) {
                return false;
            }
        }
        return false;
    }
}
