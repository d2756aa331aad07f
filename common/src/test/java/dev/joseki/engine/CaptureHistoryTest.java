package dev.joseki.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import org.junit.jupiter.api.Test;

class CaptureHistoryTest {
    // Squares are 0..80; which square is which does not matter here, only that they differ.
    private static final int A = 10, B = 20, C = 30;
    private static final int SILVER = Piece.make(Piece.BLACK, Piece.SILVER);

    @Test
    void aCaptureIsKnownByItsPieceAfterTheMoveItsDestinationAndItsVictim() {
        final CaptureHistory h = new CaptureHistory();
        final int takesPawn = Move.make(A, B, SILVER, Piece.make(Piece.WHITE, Piece.PAWN), false);
        h.add(takesPawn, 4);
        assertEquals(128, h.get(takesPawn)); // 0 + 4·32
        assertEquals(
                128,
                h.get(Move.make(C, B, SILVER, Piece.make(Piece.WHITE, Piece.PAWN), false)),
                "the same piece taking the same victim on the same square from elsewhere");
        assertEquals(
                0,
                h.get(Move.make(A, B, SILVER, Piece.make(Piece.WHITE, Piece.GOLD), false)),
                "another victim");
        assertEquals(
                0,
                h.get(Move.make(A, B, SILVER, Piece.make(Piece.WHITE, Piece.PAWN), true)),
                "the same capture promoting is another piece after the move");
        assertEquals(
                0,
                h.get(Move.make(A, C, SILVER, Piece.make(Piece.WHITE, Piece.PAWN), false)),
                "another square");
    }

    @Test
    void aPromotionWithoutCaptureHasItsOwnEntryAndFallsByTheGravity() {
        final CaptureHistory h = new CaptureHistory();
        final int promotes = Move.make(A, B, SILVER, 0, true);
        h.add(promotes, 4);
        h.add(promotes, 4);
        assertEquals(255, h.get(promotes)); // 128 + 128 − 128·128/16384 (= 1)
        h.add(promotes, -4);
        assertEquals(126, h.get(promotes)); // 255 − 128 − 255·128/16384 (= 1)
        h.clear();
        assertEquals(0, h.get(promotes));
    }
}
