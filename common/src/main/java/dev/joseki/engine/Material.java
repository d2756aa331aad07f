package dev.joseki.engine;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;

/**
 * Piece values in centipawns, on the board and in hand, fitted to finished games by {@code
 * experiments/EvalTune.java --material-only} (removed; at commit 3216ae6), the pawn on the board
 * held at 100 (docs/engine-changes.md): first on 2026-11-26 (f066d3a; 2,000 self-play games at
 * 4,000 nodes a move and 200 games against YaneuraOu-material), refitted on 2026-11-26 (90bbdd1) to
 * 9,756 games, 1,763 of them at 100–200 ms a move, each fit accepted by an SPRT. The first hand-set
 * values started from Tanigawa Koji's piece points (P 1, L 5, N 6, S 8, G 9, B 13, R 15, ...) times
 * 70 with every hand piece about 10 % above its board value; the games value the gold below the
 * bishop but above the silver, the dragon and horse far above the rook and bishop they promote
 * from, and a silver, bishop or gold in hand above the same piece on the board.
 */
public final class Material {
    /**
     * One pawn on the board; every score and bonus in the engine (and the book) is expressed in it.
     */
    public static final int PAWN_VALUE = 100;

    /** BOARD[type] for types 0..14 (the king is not counted). */
    static final int[] BOARD = {
        0, PAWN_VALUE, 295, 341, 616, 777, 1060, 754, 0, 420, 511, 461, 439, 1443, 1956
    };

    /** HAND[type] for hand types 1..7. */
    static final int[] HAND = {0, 104, 330, 320, 642, 994, 1076, 835};

    private Material() {}

    /**
     * What each board piece type swings in an exchange (by type 0..14): the board value its owner
     * loses plus the hand value its captor gains. The king's exceeds any exchange.
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
     * What the mover gains materially by the move: the captured piece leaves the board and enters
     * the mover's hand; a promotion upgrades the moving piece; a drop moves a piece from hand to
     * board.
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
