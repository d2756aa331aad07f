package dev.joseki.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import org.junit.jupiter.api.Test;

class ContinuationHistoryTest {
    // Squares are 0..80; which square is which does not matter here, only that they differ.
    private static final int A = 10, B = 20, C = 30;

    @Test
    void aMoveIsKnownByItsPieceAfterTheMoveAndItsDestination() {
        final int silver = Piece.make(Piece.BLACK, Piece.SILVER);
        final int plain = Move.make(A, B, silver, 0, false);
        final int promoting = Move.make(A, B, silver, 0, true);
        final int fromElsewhere = Move.make(C, B, silver, 0, false);
        final int dropped = Move.drop(Piece.SILVER, B, Piece.BLACK);
        // Black silver is piece 4, a promoted one 12: keys 4·81 + 20 and 12·81 + 20.
        assertEquals(4 * 81 + B, ContinuationHistory.pieceTo(plain));
        assertEquals(12 * 81 + B, ContinuationHistory.pieceTo(promoting));
        assertEquals(
                ContinuationHistory.pieceTo(plain), ContinuationHistory.pieceTo(fromElsewhere));
        assertEquals(ContinuationHistory.pieceTo(plain), ContinuationHistory.pieceTo(dropped));
        final int whiteSilver = Move.make(A, B, Piece.make(Piece.WHITE, Piece.SILVER), 0, false);
        assertEquals(20 * 81 + B, ContinuationHistory.pieceTo(whiteSilver));
    }

    @Test
    void entriesRiseByThirtyTwoTimesTheBonusLessTheirGravity() {
        final ContinuationHistory h = new ContinuationHistory();
        h.add(5, 7, 4);
        assertEquals(128, h.get(5, 7)); // 0 + 4·32 − 0
        h.add(5, 7, 4);
        assertEquals(255, h.get(5, 7)); // 128 + 128 − 128·128/16384 (= 1)
        h.add(5, 7, -4);
        assertEquals(126, h.get(5, 7)); // 255 − 128 − 255·128/16384 (= 1)
        assertEquals(0, h.get(7, 5), "the pair is ordered: (earlier, later)");
    }

    @Test
    void repeatedBonusesStayWithinTheBoundThatAShortHolds() {
        final ContinuationHistory h = new ContinuationHistory();
        for (int i = 0; i < 1000; i++) {
            h.add(1, 2, 400);
            h.add(3, 4, -400);
        }
        assertTrue(
                h.get(1, 2) <= HistoryGravity.MAX && h.get(1, 2) > HistoryGravity.MAX - 100,
                "saturates just below the bound: " + h.get(1, 2));
        assertTrue(
                h.get(3, 4) >= -HistoryGravity.MAX && h.get(3, 4) < -HistoryGravity.MAX + 100,
                "saturates just above minus the bound: " + h.get(3, 4));
    }

    @Test
    void withoutAnEarlierMoveThereIsNothingToReadOrLearn() {
        final ContinuationHistory h = new ContinuationHistory();
        h.add(ContinuationHistory.NONE, 2, 400);
        assertEquals(0, h.get(ContinuationHistory.NONE, 2));
        h.add(1, 2, 400);
        h.clear();
        assertEquals(0, h.get(1, 2));
    }
}
