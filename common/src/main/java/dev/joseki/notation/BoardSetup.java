package dev.joseki.notation;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * A start position under construction by a CSA or BOD reader: coloured pieces per square, hand
 * counts and the side to move. {@link #toPosition} goes through {@link Sfen#parseProblem}, so every
 * record start gets the same checks as an SFEN (kings, the side not to move not in check, no more
 * pieces than a set, no nifu, no piece that could never move); the attacker of a tsume record may
 * have no king.
 */
final class BoardSetup {
    final int[] board = new int[Square.NB];

    /** hand[color][type] for types 1..7. */
    final int[][] hand = new int[2][Piece.HAND_NB];

    int side = Piece.BLACK;

    static BoardSetup of(Position pos) {
        BoardSetup b = new BoardSetup();
        for (int sq = 0; sq < Square.NB; sq++) {
            b.board[sq] = pos.pieceOn(sq);
        }
        for (int c = 0; c < 2; c++) {
            for (int t = Piece.PAWN; t <= Piece.GOLD; t++) {
                b.hand[c][t] = pos.handCount(c, t);
            }
        }
        b.side = pos.sideToMove();
        return b;
    }

    /** How many pieces of the unpromoted type are on the board or in hands. */
    int used(int type) {
        int n = 0;
        for (int p : board) {
            if (p != 0 && Piece.unpromoted(Piece.type(p)) == type) {
                n++;
            }
        }
        return n + (type <= Piece.GOLD ? hand[0][type] + hand[1][type] : 0);
    }

    /**
     * Puts every piece not yet used (kings excepted) into color's hand, as CSA's {@code 00AL} does.
     */
    void restToHand(int color) {
        for (int t = Piece.PAWN; t <= Piece.GOLD; t++) {
            hand[color][t] += Math.max(0, Piece.FULL_SET[t] - used(t));
        }
    }

    String sfen() {
        StringBuilder sb = new StringBuilder(96);
        Sfen.writeBoard(sq -> board[sq], sb);
        sb.append(side == Piece.BLACK ? " b " : " w ");
        Sfen.writeHand((c, t) -> hand[c][t], sb);
        return sb.append(" 1").toString();
    }

    /** The position, with material errors reported at (line, column). */
    Position toPosition(String source, int line, int column) {
        for (int c = 0; c < 2; c++) {
            for (int t = Piece.PAWN; t <= Piece.GOLD; t++) {
                if (hand[c][t] > Piece.FULL_SET[t]) {
                    throw new ParseException(
                            source, line, column, "too many " + Piece.usiLetter(t) + " in hand");
                }
            }
        }
        try {
            return Sfen.parseProblem(sfen(), source, line, column);
        } catch (ParseException e) {
            // The SFEN's own column means nothing to the reader of the record: keep the reason
            // only.
            throw new ParseException(source, line, column, "bad start position: " + e.reason());
        }
    }
}
