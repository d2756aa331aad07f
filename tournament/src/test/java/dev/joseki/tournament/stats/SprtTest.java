package dev.joseki.tournament.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SprtTest {

    /**
     * Pentanomial vectors (LL, LD, WL+DD, WD, WW) of real Fishtest runs with the LLR Fishtest
     * showed, as collected in ShogiHome's test suite: sunfish-shogi/shogihome
     * src/tests/renderer/game/sprt.spec.ts (each case there links its tests.stockfishchess.org
     * run). Fishtest runs use the normalized model, α = β = 0.05. Expected values have two
     * decimals; ShogiHome checks them with toBeCloseTo(x, 2).
     */
    @ParameterizedTest
    @CsvSource({
        "19, 4020, 10316, 4215, 24, -1.75, 0.25, 2.94",
        "103, 3851, 8316, 3728, 98, 0, 2, -2.03",
        "291, 10353, 21899, 10175, 306, 0, 2, -3.08",
        "99, 3323, 8399, 3606, 109, 0, 2, 2.98",
        "2, 40, 72, 14, 0, 0, 2, -0.36",
        "326, 12015, 26044, 12357, 362, 0, 2, 2.93",
        "59, 6427, 15570, 6693, 91, 0, 2, 2.94",
        "328, 12094, 26412, 11964, 338, 0, 2, -2.93",
        "900, 30596, 67292, 30899, 809, 0, 2, -2.96",
        "45, 8506, 25934, 8883, 57, 0.5, 2.5, 2.94",
        "14, 6935, 20257, 7273, 30, 0.5, 2.5, 2.95",
        "105, 19880, 51075, 20005, 108, 0.5, 2.5, -2.94",
        "68, 15448, 39104, 15441, 94, 0.5, 2.5, -2.94",
        "41, 5118, 12924, 5334, 31, -1.75, 0.25, 2.94",
        "36, 5804, 14811, 5986, 39, -1.75, 0.25, 2.94",
        "0, 0, 0, 0, 0, -1.75, 0.25, 0",
    })
    void normalizedPentanomialLlrMatchesFishtestRunsQuotedByShogiHome(
            long ll,
            long ld,
            long wlDd,
            long wd,
            long ww,
            double elo0,
            double elo1,
            double expected) {
        Sprt sprt = new Sprt(elo0, elo1, 0.05, 0.05, SprtModel.NORMALIZED);
        assertThat(sprt.llr(new Pentanomial(ll, ld, wlDd, wd, ww)))
                .isCloseTo(expected, within(0.0051));
    }

    /**
     * fastchess's doctest suite, Disservin/fastchess app/tests/sprt_test.cpp. Its Stats constructor
     * takes (wins, losses, draws) for the trinomial cases and (LL, LD, WL, DD, WD, WW) for the
     * pentanomial ones (app/src/matchmaking/stats.hpp); WL and DD fall in the same pentanomial
     * cell. The suite checks with doctest::Approx(x).epsilon(0.01), a 1% relative tolerance.
     */
    @ParameterizedTest
    @CsvSource({
        // ll, ld, wl, dd, wd, ww, elo0, elo1, model, expected
        "365, 16618, 36029, 200, 16974, 390, 0, 2, normalized, 2.25",
        "127, 4883, 10311, 401, 5150, 104, -1.75, 0.25, normalized, 3.01",
        "223, 9863, 20279, 1000, 10037, 246, 0.5, 2.5, logistic, -3.07",
        "871, 26175, 55003, 980, 26678, 821, 0, 2, logistic, -4.98",
    })
    void pentanomialLlrMatchesFastchessDoctests(
            long ll,
            long ld,
            long wl,
            long dd,
            long wd,
            long ww,
            double elo0,
            double elo1,
            String model,
            double expected) {
        Sprt sprt = new Sprt(elo0, elo1, 0.05, 0.05, SprtModel.fromId(model));
        double llr = sprt.llr(new Pentanomial(ll, ld, wl + dd, wd, ww));
        assertThat(llr).isCloseTo(expected, within(Math.abs(expected) * 0.01));
    }

    /**
     * Same source (Disservin/fastchess app/tests/sprt_test.cpp), trinomial cases: Stats(wins,
     * losses, draws).
     */
    @ParameterizedTest
    @CsvSource({
        // wins, losses, draws, elo0, elo1, model, expected
        "36433, 36027, 68692, 0, 2, normalized, 0.92",
        "10871, 10650, 20431, -1.75, 0.25, normalized, 2.30",
        "21404, 21184, 40708, 0.5, 2.5, logistic, -1.57",
        "57433, 57030, 106593, 0, 2, logistic, -2.59",
    })
    void trinomialLlrMatchesFastchessDoctests(
            long wins,
            long losses,
            long draws,
            double elo0,
            double elo1,
            String model,
            double expected) {
        Sprt sprt = new Sprt(elo0, elo1, 0.05, 0.05, SprtModel.fromId(model));
        double llr = sprt.llr(new Trinomial(losses, draws, wins));
        assertThat(llr).isCloseTo(expected, within(Math.abs(expected) * 0.01));
    }

    /**
     * Bounds for α = β = 0.05 are ±ln 19 = ±2.944 (Wald's SPRT as Fishtest computes it; ShogiHome's
     * suite expects −2.94 / 2.94). For α = 0.05, β = 0.1 by hand: ln(0.1/0.95) = −2.2513,
     * ln(0.9/0.05) = ln 18 = 2.8904.
     */
    @Test
    void boundsAreLogsOfTheErrorRatios() {
        Sprt s = new Sprt(0, 5, 0.05, 0.05, SprtModel.NORMALIZED);
        assertThat(s.lowerBound()).isCloseTo(-2.9444, within(1e-4));
        assertThat(s.upperBound()).isCloseTo(2.9444, within(1e-4));
        Sprt t = new Sprt(0, 5, 0.05, 0.1, SprtModel.LOGISTIC);
        assertThat(t.lowerBound()).isCloseTo(-2.2513, within(1e-4));
        assertThat(t.upperBound()).isCloseTo(2.8904, within(1e-4));
    }

    /**
     * Hand calculation for the closed form: counts (1,1,1,1,1) are symmetric, so μ = ½ and nt = 0.
     * games = 10, nt0 = 0, nt1 = 5·ln 10/800 = 0.0143911568. LLR = 5 · ln(1 / (1 + 0.0143911568²))
     * = 5 · ln(1/1.000207105) = −0.00103547.
     */
    @Test
    void normalizedApproximationMatchesHandCalculation() {
        Sprt s = new Sprt(0, 5, 0.05, 0.05, SprtModel.NORMALIZED);
        assertThat(s.llrNormalizedApprox(new Pentanomial(1, 1, 1, 1, 1)))
                .isCloseTo(-0.00103547, within(1e-7));
    }

    /**
     * The approximation and the exact normalized LLR agree closely on a large sample (Fishtest run
     * above).
     */
    @Test
    void normalizedApproximationIsCloseToExactOnLargeSamples() {
        Sprt s = new Sprt(0, 2, 0.05, 0.05, SprtModel.NORMALIZED);
        Pentanomial p = new Pentanomial(99, 3323, 8399, 3606, 109);
        assertThat(s.llrNormalizedApprox(p)).isCloseTo(2.98, within(0.05));
    }

    @Test
    void decisionFollowsTheBounds() {
        Sprt s = new Sprt(0, 2, 0.05, 0.05, SprtModel.NORMALIZED);
        assertThat(s.decide(3.0)).isEqualTo(SprtDecision.H1);
        assertThat(s.decide(-3.0)).isEqualTo(SprtDecision.H0);
        assertThat(s.decide(2.9)).isEqualTo(SprtDecision.CONTINUE);
        assertThat(s.status(new Pentanomial(291, 10353, 21899, 10175, 306)).decision())
                .isEqualTo(SprtDecision.H0);
        assertThat(s.status(new Pentanomial(99, 3323, 8399, 3606, 109)).decision())
                .isEqualTo(SprtDecision.H1);
    }

    @Test
    void parsesTheCliSyntax() {
        Sprt s = Sprt.parse("elo0=0,elo1=5,alpha=0.05,beta=0.1");
        assertThat(s).isEqualTo(new Sprt(0, 5, 0.05, 0.1, SprtModel.NORMALIZED));
        assertThat(Sprt.parse("elo0=-1.75, elo1=0.25, model=logistic").model())
                .isEqualTo(SprtModel.LOGISTIC);
    }

    @Test
    void rejectsMalformedSettings() {
        assertThatThrownBy(() -> Sprt.parse("elo0=5,elo1=0")).hasMessageContaining("elo0");
        assertThatThrownBy(() -> Sprt.parse("elo1=5")).hasMessageContaining("required");
        assertThatThrownBy(() -> Sprt.parse("elo0=0,elo1=x"))
                .hasMessageContaining("'elo1' is not a number");
        assertThatThrownBy(() -> Sprt.parse("elo0=0,elo1=5,gamma=1"))
                .hasMessageContaining("unknown key 'gamma'");
        assertThatThrownBy(() -> Sprt.parse("elo0=0,elo1=5,alpha=0.6,beta=0.5"))
                .hasMessageContaining("alpha");
    }

    /**
     * Pairs that all fall in one class have zero sample variance, where the normalized model's
     * t-value (μ − ½)/σ is 0/0 or infinite. Fishtest's regularisation (0.001 for a zero count)
     * keeps every LLR finite, and the exact LLR moves the right way: all 1-1 (μ = ½ exactly, t = 0
     * = the H0 value) towards H0, all 2-0 towards H1, all 1½-½ (a steady 75 %) towards H1. The
     * closed-form approximation degenerates there (its log ratio tends to 0 as t grows without
     * bound), which is why the runner uses the exact one.
     */
    @Test
    void zeroVarianceKeepsTheLlrFiniteAndPointingTheRightWay() {
        for (SprtModel m : SprtModel.values()) {
            Sprt s = new Sprt(0, 50, 0.05, 0.05, m);
            double split = s.llr(new Pentanomial(0, 0, 100, 0, 0));
            double won = s.llr(new Pentanomial(0, 0, 0, 0, 100));
            double steady = s.llr(new Pentanomial(0, 0, 0, 100, 0));
            assertThat(split).as(m + " all 1-1").isFinite().isNegative();
            assertThat(won).as(m + " all 2-0").isFinite().isPositive();
            assertThat(steady).as(m + " all 1.5-0.5").isFinite().isPositive();
            assertThat(s.llr(new Pentanomial(0, 0, 1, 0, 0))).as(m + " one pair").isFinite();
        }
        Sprt n = new Sprt(0, 50, 0.05, 0.05, SprtModel.NORMALIZED);
        // 100 pairs all won: the exact LLR accepts H1, the approximation stays undecided.
        Pentanomial allWon = new Pentanomial(0, 0, 0, 0, 100);
        assertThat(n.status(allWon).decision()).isEqualTo(SprtDecision.H1);
        assertThat(n.decide(n.llrNormalizedApprox(allWon))).isEqualTo(SprtDecision.CONTINUE);
    }
}
