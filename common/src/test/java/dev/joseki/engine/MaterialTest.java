package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Piece;
import org.junit.jupiter.api.Test;

class MaterialTest {
    @Test
    void anExchangeSwingsTheBoardValueLostAndTheHandValueGained() {
        int[] v = Material.exchangeValues();
        assertThat(v[Piece.PAWN]).isEqualTo(100 + 114);
        assertThat(v[Piece.PRO_PAWN]).as("a tokin is worth its board value on the board, a pawn in hand").isEqualTo(439 + 114);
        assertThat(v[Piece.DRAGON]).as("a dragon goes to hand as a rook").isEqualTo(1842 + 1068);
        assertThat(v[Piece.KING]).as("more than every other piece together").isGreaterThan(2 * (18 * 214 + 4 * 884 + 4 * 870 + 4 * 1208 + 4 * 1615 + 2 * 2216 + 2 * 2910));
    }

    @Test
    void aCaptureGainsTheBoardAndHandValueOfThePieceAndAPromotionTheSurplus() {
        int rookTakesSilverPromoting = dev.joseki.rules.Move.make(10, 2, Piece.make(Piece.BLACK, Piece.ROOK),
                Piece.make(Piece.WHITE, Piece.SILVER), true);
        assertThat(Material.gain(rookTakesSilverPromoting)).isEqualTo(596 + 612 + (1842 - 1174));
    }
}
