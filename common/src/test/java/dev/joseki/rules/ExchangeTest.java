package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import org.junit.jupiter.api.Test;

/**
 * Hand-worked exchanges. Values (by type): P 100, L 300, N 400, S 500, B 800, R 1000, G 600, K
 * 100000, the promoted minor pieces 600, H 1200, D 1400. Each case states the exchange's value v
 * and checks that atLeast(v) holds and atLeast(v + 1) does not.
 */
class ExchangeTest {
    private static final int[] VALUES = {
        0, 100, 300, 400, 500, 800, 1000, 600, 100000, 600, 600, 600, 600, 1200, 1400
    };
    private final Exchange exchange = new Exchange(VALUES);

    private void assertValue(String sfen, String move, int value) {
        Position pos = Sfen.parse(sfen);
        int m = UsiMove.parse(pos, move);
        String before = pos.toString();
        assertThat(exchange.atLeast(pos, m, value))
                .as("%s in %s is worth at least %d", move, sfen, value)
                .isTrue();
        assertThat(exchange.atLeast(pos, m, value + 1))
                .as("%s in %s is worth less than %d", move, sfen, value + 1)
                .isFalse();
        assertThat(pos.toString()).as("the position is left as it was").isEqualTo(before);
    }

    @Test
    void pawnTakingAnUndefendedPawnWinsAPawn() {
        assertValue("8k/9/9/9/4p4/4P4/9/9/K8 b - 1", "5f5e", 100);
    }

    @Test
    void rookTakingAPawnDefendedByAGoldLosesTheRookForThePawn() {
        assertValue("8k/9/9/4g4/4p4/9/9/9/K3R4 b - 1", "5i5e", 100 - 1000);
    }

    @Test
    void aRookBehindTheCapturingPawnJoinsInSoTheGoldDoesNotRecapture() {
        // P x S (+500); G x P would lose the gold to the rook the pawn uncovered (-100 + 600), so
        // White stops.
        assertValue("8k/9/9/4g4/4s4/4P4/9/9/K3R4 b - 1", "5f5e", 500);
    }

    @Test
    void theSecondRookSeesThroughTheSquareTheFirstLeft() {
        // R x P +100, G x R -1000, R x G +600: White recaptures (-300 < +100 for Black).
        assertValue("8k/9/9/4g4/4p4/9/9/4R4/K3R4 b - 1", "5h5e", 100 - 1000 + 600);
    }

    @Test
    void aBishopBehindARecapturingSilverJoinsInOnceTheSilverHasLeft() {
        // S x P +100, S x S -400, R x S +100, then the bishop on 2b sees 5e through 4d: B x R -900,
        // so Black stops after S x S: -400. (Without the bishop Black would end at +100.)
        assertValue("k8/7b1/9/5s3/4p4/3S5/9/9/K3R4 b - 1", "6f5e", 100 - 500);
    }

    @Test
    void aPieceThatCannotReachTheSquareBlocksTheSliderBehindIt() {
        // As above with a White gold on 3c: it stands behind the silver, cannot reach 5e, and hides
        // the bishop.
        assertValue("k8/7b1/6g2/5s3/4p4/3S5/9/9/K3R4 b - 1", "6f5e", 100);
    }

    @Test
    void aKnightTwoRanksAwayRecapturesSoTheRookLosesItselfForThePawn() {
        // The only defender stands off the eight neighbours: a White knight on 4c jumps to 5e.
        assertValue("8k/9/5n3/9/4p4/9/9/9/K3R4 b - 1", "5i5e", 100 - 1000);
    }

    @Test
    void droppingASilverWhereAPawnTakesItLosesTheSilver() {
        assertValue("8k/9/9/4p4/9/9/9/9/K8 b S 1", "S*5e", -500);
    }

    @Test
    void promotingOnAnUnattackedSquareGainsThePromotionSurplus() {
        assertValue("8k/9/9/4P4/9/9/9/9/K8 b - 1", "5d5c+", 600 - 100);
    }

    @Test
    void theKingRecapturesWhenNothingDefendsTheSquareAnyMore() {
        // R x P +100, L x R -1000, K x L +300.
        assertValue("4l3k/9/9/9/4p4/5K3/9/9/4R4 b - 1", "5i5e", 100 - 1000 + 300);
    }

    @Test
    void theKingMayNotRecaptureOnASquareStillDefended() {
        // As above, but a gold on 4d also guards 5e: the king cannot take the lance.
        assertValue("4l3k/9/9/5g3/4p4/5K3/9/9/4R4 b - 1", "5i5e", 100 - 1000);
    }

    @Test
    void whiteExchangesAreValuedFromWhitesSide() {
        // The colour-swapped x-ray case: White's pawn takes a silver, the rook behind it deters the
        // gold.
        assertValue("k3r4/9/9/4p4/4S4/4G4/9/9/8K w - 1", "5d5e", 500);
    }

    @Test
    void everyTypeNeedsAValue() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Exchange(new int[] {0, 100}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
