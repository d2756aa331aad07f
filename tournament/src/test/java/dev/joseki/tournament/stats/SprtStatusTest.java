package dev.joseki.tournament.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.joseki.tournament.report.ReportLines;
import org.junit.jupiter.api.Test;

class SprtStatusTest {
    static final Sprt ZERO_TEN = Sprt.parse("elo0=0,elo1=10,alpha=0.05,beta=0.05");

    @Test
    void gamesToDecisionGoOnAtTheLlrPerPairSoFarUpToTheBoundItMovesToward() {
        // bounds ±ln 19 = ±2.9444; LLR 1.0 after 100 pairs is 0.01 a pair: (2.9444 − 1.0) / 0.01 =
        // 194.4, so 195 more pairs, 390 games, toward H1
        SprtStatus up = new SprtStatus(ZERO_TEN, 1.0, SprtDecision.CONTINUE, 100);
        assertThat(up.gamesToDecision()).hasValue(390);
        assertThat(up.heading()).isEqualTo(SprtDecision.H1);
        // LLR −0.5 after 50 pairs: (−2.9444 + 0.5) / −0.01 = 244.4 → 245 pairs, 490 games, toward
        // H0
        SprtStatus down = new SprtStatus(ZERO_TEN, -0.5, SprtDecision.CONTINUE, 50);
        assertThat(down.gamesToDecision()).hasValue(490);
        assertThat(down.heading()).isEqualTo(SprtDecision.H0);
    }

    @Test
    void thereIsNoProjectionOnceDecidedOrWithoutPairsOrWithTheLlrAtZero() {
        assertThat(new SprtStatus(ZERO_TEN, 3.0, SprtDecision.H1, 100).gamesToDecision()).isEmpty();
        assertThat(new SprtStatus(ZERO_TEN, 0, SprtDecision.CONTINUE, 0).gamesToDecision())
                .isEmpty();
        assertThat(new SprtStatus(ZERO_TEN, 0, SprtDecision.CONTINUE, 40).gamesToDecision())
                .isEmpty();
    }

    @Test
    void
            theLlrOfTheSameDistributionOverTwiceThePairsIsTwiceAsLargeWhichIsWhatTheProjectionRestsOn() {
        Pentanomial p = new Pentanomial(20, 5, 40, 6, 29);
        Pentanomial twice = new Pentanomial(40, 10, 80, 12, 58);
        assertThat(ZERO_TEN.status(twice).llr())
                .isCloseTo(2 * ZERO_TEN.status(p).llr(), within(1e-9));
    }

    @Test
    void theReportLineOfAnUndecidedTestSaysWhichBoundAndHowManyMoreGames() {
        assertThat(ReportLines.sprt(new SprtStatus(ZERO_TEN, 1.0, SprtDecision.CONTINUE, 100)))
                .isEqualTo(
                        "SPRT normalized [0.00, 10.00] α=0.05 β=0.05: LLR 1.00 (-2.94, 2.94)"
                                + " undecided; at the pair scores so far, H1 after 390 more games");
        assertThat(ReportLines.sprt(new SprtStatus(ZERO_TEN, 3.0, SprtDecision.H1, 100)))
                .endsWith("H1 accepted (elo ≥ 10.00)");
    }
}
