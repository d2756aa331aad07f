package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Piece;
import org.junit.jupiter.api.Test;

class MaterialTest {
    @Test
    void anExchangeSwingsTheBoardValueLostAndTheHandValueGained() {
        int[] v = Material.exchangeValues();
        assertThat(v[Piece.PAWN]).isEqualTo(100 + 110);
        assertThat(v[Piece.PRO_PAWN]).as("a tokin is worth a gold on the board, a pawn in hand").isEqualTo(600 + 110);
        assertThat(v[Piece.DRAGON]).as("a dragon goes to hand as a rook").isEqualTo(1300 + 1160);
        assertThat(v[Piece.KING]).as("more than every other piece together").isGreaterThan(2 * (18 * 210 + 4 * 1320 + 2 * 2460 + 2 * 2150 + 4 * 1180 + 4 * 880 + 4 * 740));
    }

    @Test
    void aCaptureGainsTheBoardAndHandValueOfThePieceAndAPromotionTheSurplus() {
        int rookTakesSilverPromoting = dev.joseki.rules.Move.make(10, 2, Piece.make(Piece.BLACK, Piece.ROOK),
                Piece.make(Piece.WHITE, Piece.SILVER), true);
        assertThat(Material.gain(rookTakesSilverPromoting)).isEqualTo(560 + 620 + (1300 - 1050));
    }
}
