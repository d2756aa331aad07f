package dev.joseki.engine.mate;

import static dev.joseki.rules.Piece.*;

import dev.joseki.rules.Bitboard;
import dev.joseki.rules.Checks;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.SearchMoves;
import dev.joseki.rules.Square;

/**
 * Mate-in-1 detection: a legal move after which the opponent is in check and has no legal move.
 * Uses the rules' legal generator for both sides, so an illegal pawn-drop mate is never returned
 * (the generator does not produce it). Only checks are made: a cheap filter first (moves landing within
 * two squares of the enemy king, or moved by a slider, or starting on a line through the king; no other
 * move can give check), then {@link Checks#willGiveCheck} before the move.
 */
public final class MateInOne {
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] replies = new int[MoveGenerator.MAX_MOVES];

    /** The mating move, or {@link Move#NONE}. */
    public int find(Position pos) {
        final int ek = pos.kingSquare(pos.sideToMove() ^ 1);
        if (ek < 0) {
            return Move.NONE;
        }
        final int n = SearchMoves.generate(pos, moves, 0, false, false);
        for (int i = 0; i < n; i++) {
            final int m = moves[i];
            if (!mayCheck(m, ek) || !Checks.willGiveCheck(pos, m)) {
                continue;
            }
            pos.doMove(m);
            final boolean mate = MoveGenerator.generateLegal(pos, replies, 0) == 0;
            pos.undoMove(m);
            if (mate) {
                return m;
            }
        }
        return Move.NONE;
    }

    /**
     * CLOSE[ek * 2 + half]: the squares within two files and two ranks of ek, as a {@link Bitboard} set (a
     * table instead of the divisions of a file/rank distance: mayCheck runs for most moves of the search).
     */
    private static final long[] CLOSE = new long[Square.NB * 2];

    static {
        for (int ek = 0; ek < Square.NB; ek++) {
            for (int to = 0; to < Square.NB; to++) {
                if (Math.abs(Square.file(to) - Square.file(ek)) <= 2 && Math.abs(Square.rank(to) - Square.rank(ek)) <= 2) {
                    CLOSE[ek * 2] |= Bitboard.lo(to);
                    CLOSE[ek * 2 + 1] |= Bitboard.hi(to);
                }
            }
        }
    }

    /** False only for moves that cannot give check to the king on ek (a cheap pre-filter). */
    public static boolean mayCheck(int m, int ek) {
        final int to = Move.to(m);
        if (Bitboard.contains(CLOSE[ek * 2], CLOSE[ek * 2 + 1], to)) {
            return true;
        }
        if (Move.isDrop(m)) {
            final int t = Move.dropType(m);
            return t == LANCE || t == BISHOP
                    || t == ROOK;
        }
        final int t = type(Move.piece(m));
        return t == LANCE || t == BISHOP
                || t == ROOK || t >= HORSE
                || Square.direction(ek, Move.from(m)) >= 0;
    }
}
