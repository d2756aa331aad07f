package dev.joseki.tournament.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Reference values from fastchess's doctest suite, Disservin/fastchess app/tests/elo_test.cpp,
 * which checks with doctest::Approx(x).epsilon(0.01) (1% relative) and LOS strings with two
 * decimals. Its Stats takes (wins, losses, draws) and (LL, LD, WL, DD, WD, WW)
 * (app/src/matchmaking/stats.hpp).
 */
class EloEstimateTest {

    private static void near(double actual, double expected) {
        assertThat(actual).isCloseTo(expected, within(Math.abs(expected) * 0.01));
    }

    @Test
    void trinomialCase1() { // Stats(76, 89, 123): 76 wins, 89 losses, 123 draws
        EloEstimate e = EloEstimate.of(new Trinomial(89, 123, 76));
        near(e.nElo(), -20.76);
        near(e.nEloError(), 40.13);
        assertThat(e.los() * 100).isCloseTo(15.53, within(0.005));
    }

    @Test
    void trinomialCase2() { // Stats(136, 96, 111)
        EloEstimate e = EloEstimate.of(new Trinomial(96, 111, 136));
        near(e.nElo(), 49.77);
        near(e.nEloError(), 36.77);
        near(e.elo(), 40.70);
        near(e.error(), 30.43);
        assertThat(e.los() * 100).isCloseTo(99.60, within(0.005));
    }

    @Test
    void trinomialCaseWithoutDraws() { // Stats(34, 356, 0)
        EloEstimate e = EloEstimate.of(new Trinomial(356, 0, 34));
        near(e.nElo(), -508.44);
        near(e.nEloError(), 34.48);
    }

    @Test
    void pentanomialCase1() { // Stats(34, 54, 31, 32, 64, 75): LL, LD, WL, DD, WD, WW
        EloEstimate e = EloEstimate.of(new Pentanomial(34, 54, 31 + 32, 64, 75));
        near(e.nElo(), 57.94);
        near(e.nEloError(), 28.28);
        near(e.elo(), 55.58);
        near(e.error(), 27.65);
        assertThat(e.los() * 100).isCloseTo(100.00, within(0.005));
    }

    @Test
    void pentanomialCase2() { // Stats(332, 433, 457, 41, 333, 334)
        EloEstimate e = EloEstimate.of(new Pentanomial(332, 433, 457 + 41, 333, 334));
        near(e.nElo(), -9.17);
        near(e.nEloError(), 10.96);
        near(e.elo(), -8.64);
        near(e.error(), 10.33);
        assertThat(e.los() * 100).isCloseTo(5.05, within(0.005));
    }

    @Test
    void pentanomialCase3() { // Stats(7895, 8757, 5485, 200, 568, 9999)
        EloEstimate e = EloEstimate.of(new Pentanomial(7895, 8757, 5485 + 200, 568, 9999));
        near(e.nElo(), -19.01);
        near(e.nEloError(), 2.65);
        near(e.elo(), -21.04);
        near(e.error(), 2.95);
    }

    /**
     * Hand check of the logistic formula: μ = 0.75 → −400·log10(1/0.75 − 1) = 400·log10 3 = 190.85.
     */
    @Test
    void eloOfThreeQuartersIsFourHundredLogThree() {
        assertThat(Elo.fromScore(0.75)).isCloseTo(190.849, within(1e-3));
        assertThat(Elo.toScore(190.849)).isCloseTo(0.75, within(1e-6));
    }

    @Test
    void noGamesGiveANeutralEstimate() {
        assertThat(EloEstimate.of(Trinomial.EMPTY)).isEqualTo(EloEstimate.NONE);
        assertThat(EloEstimate.of(Pentanomial.EMPTY).los()).isEqualTo(0.5);
    }
}
