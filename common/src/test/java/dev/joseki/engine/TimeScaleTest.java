package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TimeScaleTest {
    private static final int NONE = Integer.MIN_VALUE;
    private static final int A = 101, B = 202, C = 303;

    /** Iterations 1..depths.length with the given best moves, all scoring score. */
    private static TimeScale searched(int score, int... moves) {
        TimeScale t = new TimeScale();
        t.start();
        for (int d = 1; d <= moves.length; d++) {
            t.iteration(d, moves[d - 1], score);
        }
        return t;
    }

    @Test
    void beforeAnyIterationOrBelowDepthFourTheOptimumIsUnscaled() {
        TimeScale t = new TimeScale();
        t.start();
        assertThat(t.scale(NONE)).isEqualTo(1.0);
        assertThat(searched(0, A, B, C).scale(500)).isEqualTo(1.0);
    }

    @Test
    void aBestMoveUnchangedForFiveDepthsTakesThreeQuartersOfTheTime() {
        // the move of depth 1 kept to depth 6: 6 - 1 = 5 depths -> 0.75; to depth 5 only 4 -> 1
        assertThat(searched(0, A, A, A, A, A, A).scale(NONE)).isCloseTo(0.75, within(1e-9));
        assertThat(searched(0, A, A, A, A, A).scale(NONE)).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void aBestMoveThatChangedEarnsHalfAsMuchMoreForEachDepthSince() {
        // changed at depth 8: changes 1 -> 1 + 1.5 = 2.5; one depth later 0.5 -> 1.75
        assertThat(searched(0, A, A, A, A, A, A, A, B).scale(NONE)).isCloseTo(2.5, within(1e-9));
        assertThat(searched(0, A, A, A, A, A, A, A, B, B).scale(NONE))
                .isCloseTo(1.75, within(1e-9));
    }

    @Test
    void manyChangesAreCappedAtTwoAndAHalf() {
        // changes at depths 5..8: 1, 1.5, 1.75, 1.875 -> 1 + 1.5 * 1.875 = 3.81 -> 2.5
        assertThat(searched(0, A, A, A, A, B, A, B, A).scale(NONE)).isEqualTo(2.5);
    }

    @Test
    void aFallingScoreEarnsMoreTimeAndARisingOneLess() {
        // stable since depth 1 (0.75): 50 cp below the previous move's 100 -> 1.25 * 0.75
        assertThat(searched(50, A, A, A, A, A, A).scale(100)).isCloseTo(0.9375, within(1e-9));
        // 200 cp below -> 2, capped at 1.5 -> 1.125
        assertThat(searched(-100, A, A, A, A, A, A).scale(100)).isCloseTo(1.125, within(1e-9));
        // 200 cp above -> 0, floored at 0.8 -> 0.6
        assertThat(searched(300, A, A, A, A, A, A).scale(100)).isCloseTo(0.6, within(1e-9));
    }

    @Test
    void mateScoresCountNoFall() {
        int mated = Score.matedIn(6);
        assertThat(searched(mated, A, A, A, A, A, A).scale(0)).isCloseTo(0.75, within(1e-9));
        assertThat(searched(0, A, A, A, A, A, A).scale(Score.mateIn(5)))
                .isCloseTo(0.75, within(1e-9));
    }

    @Test
    void aNewSearchForgetsThePreviousOnesChanges() {
        TimeScale t = searched(0, A, A, A, A, B, A, B, A);
        t.start();
        for (int d = 1; d <= 6; d++) {
            t.iteration(d, C, 0);
        }
        assertThat(t.scale(NONE)).isCloseTo(0.75, within(1e-9));
    }
}
