package dev.joseki.engine.mate;

import dev.joseki.rules.Bitboard;
import dev.joseki.rules.CheckMoves;
import dev.joseki.rules.Checks;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * Mate-in-1 detection: a legal move after which the opponent is in check and has no legal move. The
 * checks come from the rules' generators, so an illegal pawn-drop mate is never returned (the
 * generator does not produce it). Only checks are made: out of check they come from {@link
 * CheckMoves} (no drop is generated that does not check; the pawn drop is left out, since it may
 * not mate); in check from the evasions, filtered by {@link Checks#mayCheck} and {@link
 * Checks#willGiveCheck}. Either way the first mate in the legal generator's order is returned. The
 * replies are never generated, only tested: a drop next to the king that nothing defends, or an
 * unblockable drop that leaves the king a flight it does not cover, is not made at all; a check the
 * king can step out of ({@link CheckMoves#kingCanStep}) is not mate; a dropped checker that cannot
 * be blocked is mate unless some other piece can take it ({@link CheckMoves#canTakeWithoutKing});
 * any other check is mate unless a piece other than the king answers it ({@link
 * CheckMoves#canAnswerWithoutKing}).
 */
public final class MateInOne {
    private final CheckMoves checks = new CheckMoves();
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] replies = new int[MoveGenerator.MAX_MOVES];

    /** The defending king's flights before the drop, and the squares a dropped piece covers. */
    private final long[] flights = new long[2], covered = new long[2];

    /**
     * The mating move, or {@link Move#NONE}; {@code inCheck} says whether the side to move is in
     * check.
     */
    public int find(Position pos, boolean inCheck) {
        final int ek = pos.kingSquare(pos.sideToMove() ^ 1);
        if (ek < 0) {
            return Move.NONE;
        }
        return firstMate(
                pos, ek, inCheck ? evasionChecks(pos, ek) : checks.generate(pos, moves, 0, false));
    }

    /**
     * A mate among the close checks ({@link CheckMoves#generateClose}) of a side not in check, or
     * {@link Move#NONE}: the first in the same order as {@link #find}, but a mate by a far slider
     * or a discovered check is not looked for. Cheap enough for every quiescence node.
     */
    public int findClose(Position pos) {
        final int ek = pos.kingSquare(pos.sideToMove() ^ 1);
        if (ek < 0) {
            return Move.NONE;
        }
        return firstMate(pos, ek, checks.generateClose(pos, moves, 0));
    }

    private int firstMate(Position pos, int ek, int n) {
        final int us = pos.sideToMove();
        boolean flightsKnown = false;
        for (int i = 0; i < n; i++) {
            final int m = moves[i];
            final int to = Move.to(m);
            // A piece dropped next to the king where none of ours defends it is taken by the king.
            // (No slider of ours can look through the king at the square: it would already be
            // checking the king.)
            if (Move.isDrop(m) && adjacent(to, ek) && !pos.attacked(to, us)) {
                continue;
            }
            // A dropped piece is the only checker; next to the king or a knight, it cannot be
            // blocked.
            final boolean unblockable =
                    Move.isDrop(m) && (Move.dropType(m) == Piece.KNIGHT || adjacent(to, ek));
            if (unblockable) {
                // The king's flights before the drop that the dropped piece does not cover stay
                // flights: the drop only adds our piece, which can block our lines but attacks
                // nothing else.
                if (!flightsKnown) {
                    CheckMoves.flights(pos, us ^ 1, flights);
                    flightsKnown = true;
                }
                CheckMoves.dropAttacks(pos, Piece.make(us, Move.dropType(m)), to, ek, covered);
                final long freeLo = flights[0] & ~covered[0] & ~Bitboard.lo(to);
                final long freeHi = flights[1] & ~covered[1] & ~Bitboard.hi(to);
                if ((freeLo | freeHi) != 0) {
                    continue;
                }
            }
            pos.doMove(m);
            final boolean mate =
                    !CheckMoves.kingCanStep(pos)
                            && (unblockable
                                    ? !CheckMoves.canTakeWithoutKing(pos, to)
                                    : !CheckMoves.canAnswerWithoutKing(pos, replies));
            pos.undoMove(m);
            if (mate) {
                return m;
            }
        }
        return Move.NONE;
    }

    private static boolean adjacent(int a, int b) {
        return Math.max(
                        Math.abs(Square.file(a) - Square.file(b)),
                        Math.abs(Square.rank(a) - Square.rank(b)))
                == 1;
    }

    private int evasionChecks(Position pos, int ek) {
        final int all = MoveGenerator.generateLegal(pos, moves, 0);
        int n = 0;
        for (int i = 0; i < all; i++) {
            final int m = moves[i];
            if (Checks.mayCheck(m, ek) && Checks.willGiveCheck(pos, m)) {
                moves[n++] = m;
            }
        }
        return n;
    }
}
