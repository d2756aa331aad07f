package dev.joseki.engine;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;

/**
 * Piece values in centipawns. The scale starts from Tanigawa's points quoted in seed 000 (P 1, L 5,
 * N 6, S 8, G 9, +S 9, +L 10, +N 10, +P 12, B 13, R 15, H 15, D 17), multiplied by 70 for the pieces
 * from lance up, with three deliberate changes: the pawn is 100 (Tanigawa's pawn is a unit of counting,
 * not of strength: a pawn in hand decides many attacks), promoted minor pieces are valued like a gold plus
 * a little (their movement is the gold's; Tanigawa's 10-12 reflect that the opponent gets only the
 * small piece back), and horse/dragon get their promotion bonus. Pieces in hand are worth about 10% more
 * than on the board: a hand piece can go anywhere at once, and that is what makes shogi attacks work.
 */
public final class Material {
    /** One pawn on the board; every score and bonus in the engine (and the book) is expressed in it. */
    public static final int PAWN_VALUE = 100;

    /** BOARD[type] for types 0..14 (the king is not counted). */
    static final int[] BOARD = {0, PAWN_VALUE, 350, 420, 560, 910, 1050, 630, 0, 600, 600, 600, 620, 1150, 1300};
    /** HAND[type] for hand types 1..7. */
    static final int[] HAND = {0, 110, 390, 460, 620, 1000, 1160, 690};

    private Material() {
    }

    /**
     * What each board piece type swings in an exchange (by type 0..14): the board value its owner loses
     * plus the hand value its captor gains. The king's exceeds any exchange.
     */
    public static int[] exchangeValues() {
        int[] v = new int[Piece.TYPE_NB];
        for (int t = Piece.PAWN; t < Piece.TYPE_NB; t++) {
            v[t] = t == Piece.KING ? 100_000 : BOARD[t] + HAND[Piece.unpromoted(t)];
        }
        return v;
    }

    public static int boardValue(int type) {
        return BOARD[type];
    }

    public static int handValue(int type) {
        return HAND[type];
    }

    /**
     * What the mover gains materially by the move: the captured piece leaves the board and enters the
     * mover's hand; a promotion upgrades the moving piece; a drop moves a piece from hand to board.
     */
    public static int gain(int move) {
        if (Move.isDrop(move)) {
            int t = Move.dropType(move);
            return BOARD[t] - HAND[t];
        }
        int g = 0;
        int captured = Move.captured(move);
        if (captured != 0) {
            int ct = Piece.type(captured);
            g += BOARD[ct] + HAND[Piece.unpromoted(ct)];
        }
        if (Move.isPromotion(move)) {
            int t = Piece.type(Move.piece(move));
            g += BOARD[t + Piece.PROMOTED] - BOARD[t];
        }
        return g;
    }
}
