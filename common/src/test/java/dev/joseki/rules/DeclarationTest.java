package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import org.junit.jupiter.api.Test;

/**
 * The 27-point rule on a hand-built position: Black's king on 5b; in the zone two rooks and two
 * bishops (4 x 5 points), four golds and two silvers (6 x 1): 10 pieces, 26 points, plus pawns in
 * hand.
 */
class DeclarationTest {
    private static final String BOARD = "RRBB5/GGGGK4/SS7/9/9/9/9/9/8k";

    private static Game declare(String sfen, Declaration.Rule rule) {
        Game g = new Game(Sfen.parse(sfen), new Game.Rules(256, rule));
        g.play(Move.WIN);
        return g;
    }

    @Test
    void validDeclarationWithTwentyEightPointsWinsForBlack() {
        Game g = declare(BOARD + " b 2P 1", Declaration.Rule.POINTS_27);
        assertThat(Declaration.points(Sfen.parse(BOARD + " b 2P 1"))).isEqualTo(28);
        assertThat(g.termination()).isEqualTo(Termination.DECLARATION);
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
    }

    @Test
    void twentySevenPointsAreNotEnoughForBlackButEnoughForWhite() {
        Game black = declare(BOARD + " b P 1", Declaration.Rule.POINTS_27);
        assertThat(black.termination()).isEqualTo(Termination.ILLEGAL_MOVE);
        assertThat(black.result()).isEqualTo(Result.WHITE_WIN);

        Game white = new Game(Sfen.parse(BOARD + " b P 1").flipped());
        white.play(Move.WIN);
        assertThat(white.termination()).isEqualTo(Termination.DECLARATION);
        assertThat(white.result()).isEqualTo(Result.WHITE_WIN);
    }

    @Test
    void kingOutsideTheZoneFails() {
        Game g = declare("RRBB5/GGGG5/SS7/4K4/9/9/9/9/8k b 2P 1", Declaration.Rule.POINTS_27);
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(g.reason()).contains("king not inside");
    }

    @Test
    void fewerThanTenPiecesInTheZoneFails() {
        Game g = declare("RRBB5/GGGGK4/S8/9/9/9/9/9/8k b S2P 1", Declaration.Rule.POINTS_27);
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(g.reason()).contains("fewer than 10");
    }

    @Test
    void declaringInCheckFails() {
        // A White silver on 4c attacks 5b diagonally backwards.
        Game g = declare("RRBB5/GGGGK4/SS3s3/9/9/9/9/9/8k b 2P 1", Declaration.Rule.POINTS_27);
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(g.reason()).contains("check");
    }

    @Test
    void twentyFourPointRuleDrawsBelowThirtyOneAndWinsFromThirtyOne() {
        assertThat(declare(BOARD + " b 2P 1", Declaration.Rule.POINTS_24).result())
                .isEqualTo(Result.DRAW);
        assertThat(declare(BOARD + " b 5P 1", Declaration.Rule.POINTS_24).result())
                .isEqualTo(Result.BLACK_WIN);
    }
}
