package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PromotionZonesTest {
    @Test
    void stepPromotesMarksPiecesWhoseStepsStartOrEndInTheirZone() {
        // Black's zone is ranks a-c, White's g-i. A silver on 5d steps diagonally to rank c; on 5e
        // only to ranks d and f; on 5c it stands in the zone.
        assertThat(stepPromotes(Piece.BLACK, Piece.SILVER, "5d")).isTrue();
        assertThat(stepPromotes(Piece.BLACK, Piece.SILVER, "5e")).isFalse();
        assertThat(stepPromotes(Piece.BLACK, Piece.SILVER, "5c")).isTrue();
        // A Black knight on 5e jumps to rank c, on 5f to rank d.
        assertThat(stepPromotes(Piece.BLACK, Piece.KNIGHT, "5e")).isTrue();
        assertThat(stepPromotes(Piece.BLACK, Piece.KNIGHT, "5f")).isFalse();
        // A White pawn on 5f steps to 5g; on 5e to 5f.
        assertThat(stepPromotes(Piece.WHITE, Piece.PAWN, "5f")).isTrue();
        assertThat(stepPromotes(Piece.WHITE, Piece.PAWN, "5e")).isFalse();
        // Golds never promote; a bishop has no steps but promotes when it starts in the zone.
        assertThat(stepPromotes(Piece.BLACK, Piece.GOLD, "5d")).isFalse();
        assertThat(stepPromotes(Piece.BLACK, Piece.BISHOP, "5c")).isTrue();
        assertThat(stepPromotes(Piece.BLACK, Piece.BISHOP, "5e")).isFalse();
    }

    private static boolean stepPromotes(int color, int type, String square) {
        return PromotionZones.STEP_PROMOTES[
                        Piece.make(color, type) * Square.NB + Square.parseUsi(square, 0)]
                != 0;
    }
}
