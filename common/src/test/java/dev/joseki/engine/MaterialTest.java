package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Piece;
import org.junit.jupiter.api.Test;

class MaterialTest {
    @Test
    void anExchangeSwingsTheBoardValueLostAndTheHandValueGained() {
        int[] v = Material.exchangeValues();
        assertThat(v[Piece.PAWN]).isEqualTo(100 + 104);
        assertThat(v[Piece.PRO_PAWN])
                .as("a tokin is worth its board value on the board, a pawn in hand")
                .isEqualTo(420 + 104);
        assertThat(v[Piece.DRAGON]).as("a dragon goes to hand as a rook").isEqualTo(1956 + 1076);
        assertThat(v[Piece.KING])
                .as("more than every other piece together")
                .isGreaterThan(
                        2
                                * (18 * 204 + 4 * 841 + 4 * 781 + 4 * 1258 + 4 * 1589 + 2 * 2437
                                        + 2 * 3032));
    }

    @Test
    void aCaptureGainsTheBoardAndHandValueOfThePieceAndAPromotionTheSurplus() {
        int rookTakesSilverPromoting =
                dev.joseki.rules.Move.make(
                        10,
                        2,
                        Piece.make(Piece.BLACK, Piece.ROOK),
                        Piece.make(Piece.WHITE, Piece.SILVER),
                        true);
        assertThat(Material.gain(rookTakesSilverPromoting)).isEqualTo(616 + 642 + (1956 - 1060));
    }
}
