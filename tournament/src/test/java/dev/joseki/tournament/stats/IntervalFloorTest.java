package dev.joseki.tournament.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The reported interval on degenerate counts, worked by hand. Elo(s) = 400·log10(s/(1 − s)); z =
 * 1.96. The regularisation (0.001 for a zero count) moves these figures by less than 0.05 Elo.
 */
class IntervalFloorTest {

    /**
     * The README's tour before 2026-11-27: 20 games, 10 pairs all 1-1 printed "± 3.40". Pentanomial
     * variance ≈ 0, so the floor takes the trinomial one of 10 wins and 10 losses: σ² = ¼, se =
     * ½/√20 = 0.11180, μ ± 1.96·se = 0.5 ± 0.21913, Elo(0.71913) = 400·log10(2.56037) = 163.32. Ten
     * pairs are fewer than 15, so the interval is withheld all the same.
     */
    @Test
    void tenPairsAllSplitHaveNoIntervalAndAFloorOfTheTrinomialVariance() {
        EloEstimate raw = EloEstimate.of(new Pentanomial(0, 0, 10, 0, 0));
        assertThat(raw.error()).isCloseTo(3.40, within(0.01)); // what was printed
        EloEstimate e =
                EloEstimate.reported(new Pentanomial(0, 0, 10, 0, 0), new Trinomial(10, 0, 10));
        assertThat(e.elo()).isCloseTo(0, within(1e-9));
        assertThat(e.error()).isCloseTo(163.32, within(0.05));
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.noInterval()).isEqualTo("fewer than 15 pairs");
        assertThat(e.score()).isEqualTo(0.5);
    }

    /**
     * The demo's 4 games, 2-2 as two 1-1 pairs, printed "± 17.00". Floor: se ≈ ½/√4 = ¼, 0.5 ±
     * 0.49, where Elo is steep enough for the regularisation to count: trinomial variance
     * (2/4.001)·¼·2 = 0.249938 over 2·2.004 = 4.008 regularised games, se = 0.249719, 0.5 ±
     * 0.489441, Elo(0.989441) = 400·log10(93.70) = 788.70.
     */
    @Test
    void fourGamesAsTwoSplitPairsHaveNoInterval() {
        EloEstimate raw = EloEstimate.of(new Pentanomial(0, 0, 2, 0, 0));
        assertThat(raw.error()).isCloseTo(17.00, within(0.01));
        EloEstimate e =
                EloEstimate.reported(new Pentanomial(0, 0, 2, 0, 0), new Trinomial(2, 0, 2));
        assertThat(e.error()).isCloseTo(788.70, within(0.05));
        assertThat(e.noInterval()).isEqualTo("fewer than 15 pairs");
    }

    /**
     * 15 pairs all 1-1: now an interval, the trinomial one. se = ½/√30 = 0.091287, 0.5 ± 0.178919,
     * Elo(0.678919) = 400·log10(2.114482) = 130.08.
     */
    @Test
    void fifteenSplitPairsGetTheTrinomialInterval() {
        EloEstimate e =
                EloEstimate.reported(new Pentanomial(0, 0, 15, 0, 0), new Trinomial(15, 0, 15));
        assertThat(e.hasInterval()).isTrue();
        assertThat(e.error()).isCloseTo(130.08, within(0.05));
        assertThat(e.los()).isCloseTo(0.5, within(1e-6));
    }

    /**
     * Where the pairs vary more than the games (8 pairs WW, 8 LL), the pentanomial variance stands:
     * pair means 0 or 1, variance ¼, per game ½; se = √(½/32) = 0.125, 0.5 ± 0.245, Elo(0.745) =
     * 400·log10(2.921569) = 186.25 — the published formula's value, unchanged.
     */
    @Test
    void aLargerPentanomialVarianceIsKept() {
        Pentanomial p = new Pentanomial(8, 0, 0, 0, 8);
        EloEstimate e = EloEstimate.reported(p, new Trinomial(16, 0, 16));
        assertThat(e.error()).isCloseTo(186.25, within(0.05));
        assertThat(e.error()).isCloseTo(EloEstimate.of(p).error(), within(1e-9));
        assertThat(e.hasInterval()).isTrue();
    }

    /**
     * 20 pairs all won: μ is 1 (Elo clamped at 400·log10 999 = 1199.83) and no variance at any
     * count.
     */
    @Test
    void allGamesWonHaveNoInterval() {
        EloEstimate e =
                EloEstimate.reported(new Pentanomial(0, 0, 0, 0, 20), new Trinomial(0, 0, 40));
        assertThat(e.elo()).isCloseTo(1199.83, within(0.01));
        assertThat(e.noInterval()).isEqualTo("every game won");
        EloEstimate drawn =
                EloEstimate.reported(new Pentanomial(0, 0, 20, 0, 0), new Trinomial(0, 40, 0));
        assertThat(drawn.noInterval()).isEqualTo("every game drawn");
        assertThat(EloEstimate.reported(new Trinomial(15, 0, 0)).noInterval())
                .isEqualTo("every game lost");
    }

    /**
     * Unpaired games count as samples themselves: 14 games are too few, 15 mixed ones are enough.
     */
    @Test
    void unpairedGamesNeedFifteenGames() {
        assertThat(EloEstimate.reported(new Trinomial(7, 0, 7)).noInterval())
                .isEqualTo("fewer than 15 games");
        assertThat(EloEstimate.reported(new Trinomial(7, 1, 7)).hasInterval()).isTrue();
    }

    @Test
    void aTrinomialOfOtherGamesIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () ->
                                EloEstimate.reported(
                                        new Pentanomial(0, 0, 2, 0, 0), new Trinomial(0, 0, 4)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
