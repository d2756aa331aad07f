package dev.joseki.book.format;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * Apery's book key (formats.md §8.2): XOR of ZobPiece[piece][sq] over the board, XOR of
 * ZobHand[handIndex][count] over all seven hand types of the side to move (count 0 included), and
 * ZobTurn when White is to move. Apery's piece numbering (Black 1–14, White +16) and square
 * numbering equal ours; its hand order is P, L, N, S, G, B, R.
 */
public final class AperyKeys {
    static final long[][] PIECE = new long[31][Square.NB];
    static final long[][] HAND = new long[7][19];
    static final long TURN;

    /** Apery hand index of our hand types 1..7 (P L N S B R G). */
    private static final int[] HAND_INDEX = {-1, 0, 1, 2, 3, 5, 6, 4};

    static {
        // Draw order: 31 × 81 pieces (row 0 drawn and never used), 7 × 19 hands, then the turn.
        Mt19937_64 mt = new Mt19937_64(Mt19937_64.DEFAULT_SEED);
        for (int p = 0; p < 31; p++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                PIECE[p][sq] = mt.next();
            }
        }
        for (int h = 0; h < 7; h++) {
            for (int n = 0; n < 19; n++) {
                HAND[h][n] = mt.next();
            }
        }
        TURN = mt.next();
    }

    private AperyKeys() {}

    public static long key(Position pos) {
        long k = 0;
        for (int sq = 0; sq < Square.NB; sq++) {
            int pc = pos.pieceOn(sq);
            if (pc != 0) {
                k ^= PIECE[pc][sq];
            }
        }
        int us = pos.sideToMove();
        for (int t = Piece.PAWN; t <= Piece.GOLD; t++) {
            k ^= HAND[HAND_INDEX[t]][pos.handCount(us, t)];
        }
        return us == Piece.WHITE ? k ^ TURN : k;
    }

    /**
     * Apery's 16-bit move: to | from << 7 | promote << 14; a drop's from is 81 + Apery piece type −
     * 1.
     */
    public static int fromToPro(int move16) {
        int to = dev.joseki.rules.Move.to(move16);
        if (dev.joseki.rules.Move.isDrop(move16)) {
            return to | (80 + dev.joseki.rules.Move.dropType(move16)) << 7;
        }
        return to
                | dev.joseki.rules.Move.from(move16) << 7
                | (dev.joseki.rules.Move.isPromotion(move16) ? 1 << 14 : 0);
    }
}
