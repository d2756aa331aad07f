package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Piece;
import org.junit.jupiter.api.Test;

class TimeManagerTest {

    private static Limits byoyomi(long main, long byo) {
        return new Limits(0, 0, 0, main, main, 0, 0, byo, false, false, 0);
    }

    @Test
    void aShortByoyomiKeepsAnEighthAsMarginNotAFixedHundredMilliseconds() {
        // 200 ms byoyomi, no main time: margin min(100, 200/8 = 25) -> 175 ms for both budgets
        TimeManager t = new TimeManager(byoyomi(0, 200), Piece.BLACK);
        assertThat(t.optimumMs()).isEqualTo(175);
        assertThat(t.maximumMs()).isEqualTo(175);
    }

    @Test
    void aLongByoyomiKeepsTheFullHundredMillisecondMargin() {
        // 10 s byoyomi, 60 s main: optimum 60000/25 + 10000 - 100 = 12300; maximum min(7500 + 10000,
        // 70000) - 100 = 17400
        TimeManager t = new TimeManager(byoyomi(60_000, 10_000), Piece.WHITE);
        assertThat(t.optimumMs()).isEqualTo(12_300);
        assertThat(t.maximumMs()).isEqualTo(17_400);
    }

    @Test
    void movetimeUsesTheSameMargin() {
        assertThat(new TimeManager(Limits.movetime(200), Piece.BLACK).maximumMs()).isEqualTo(175);
        assertThat(new TimeManager(Limits.movetime(3000), Piece.BLACK).maximumMs()).isEqualTo(2900);
        assertThat(new TimeManager(Limits.movetime(4), Piece.BLACK).maximumMs()).isEqualTo(4);
    }

    @Test
    void nodeLimitsAreNotTimed() {
        assertThat(new TimeManager(Limits.nodes(1000), Piece.BLACK).timed()).isFalse();
    }

    @Test
    void aByoyomiWithoutMainTimeIsSpentToTheEndBecauseStoppingEarlySavesNothing() {
        // 200 ms byoyomi, no main time: free = 200 - 25 = 175; 60 % of the optimum (105) would have stopped
        // after an iteration ending at 105 ms
        TimeManager t = new TimeManager(byoyomi(0, 200), Piece.BLACK);
        assertThat(t.mayStopAfterIteration(105)).isFalse();
        assertThat(t.mayStopAfterIteration(174)).isFalse();
        assertThat(t.mayStopAfterIteration(175)).isTrue();
    }

    @Test
    void withMainTimeLeftTheSearchMayStopOnceBothTheByoyomiAndSixtyPercentOfTheOptimumAreSpent() {
        // 60 s main, 10 s byoyomi: optimum 12300 -> 60 % = 7380; free 10000 - 100 = 9900 is the larger
        TimeManager t = new TimeManager(byoyomi(60_000, 10_000), Piece.WHITE);
        assertThat(t.mayStopAfterIteration(9_899)).isFalse();
        assertThat(t.mayStopAfterIteration(9_900)).isTrue();
        // 600 s main, 1 s byoyomi: optimum 24000 + 1000 - 100 = 24900 -> 60 % = 14940 is the larger; free 900
        TimeManager u = new TimeManager(byoyomi(600_000, 1_000), Piece.BLACK);
        assertThat(u.mayStopAfterIteration(14_939)).isFalse();
        assertThat(u.mayStopAfterIteration(14_940)).isTrue();
    }

    @Test
    void anIncrementIsNotFreeSoTheSearchStopsAtSixtyPercentOfTheOptimum() {
        // 60 s left, 1 s increment: optimum 60000/30 + 750 = 2750 -> 60 % = 1650
        TimeManager t = new TimeManager(new Limits(0, 0, 0, 60_000, 60_000, 1_000, 1_000, 0, false, false, 0),
                Piece.BLACK);
        assertThat(t.mayStopAfterIteration(1_649)).isFalse();
        assertThat(t.mayStopAfterIteration(1_650)).isTrue();
    }

    @Test
    void aMovetimeIsSpentToTheEnd() {
        TimeManager t = new TimeManager(Limits.movetime(200), Piece.BLACK);
        assertThat(t.mayStopAfterIteration(174)).isFalse();
        assertThat(t.mayStopAfterIteration(175)).isTrue();
        assertThat(new TimeManager(Limits.nodes(1000), Piece.BLACK).mayStopAfterIteration(1_000_000)).isFalse();
    }
}
