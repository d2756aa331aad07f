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
        // 10 s byoyomi, 60 s main: optimum 60000/25 + 10000 - 100 = 12300; maximum min(7500 +
        // 10000, 70000) - 100 = 17400
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
    void aByoyomiWithoutMainTimeIsSearchedToItsEndBecauseWhatIsLeftIsLost() {
        // 200 ms byoyomi, no main time: both budgets 175 ms. Ending after an iteration at 104 ms
        // (60 % of 175 is 105) would have saved nothing.
        TimeManager t = new TimeManager(byoyomi(0, 200), Piece.BLACK);
        assertThat(t.mayStopAfterIteration(105)).isFalse();
        assertThat(t.mayStopAfterIteration(174)).isFalse();
        assertThat(t.mayStopAfterIteration(175)).isTrue();
    }

    @Test
    void aMovetimeIsSearchedToItsEnd() {
        TimeManager t = new TimeManager(Limits.movetime(3000), Piece.BLACK); // 2,900 ms
        assertThat(t.mayStopAfterIteration(2_000)).isFalse();
        assertThat(t.mayStopAfterIteration(2_900)).isTrue();
    }

    @Test
    void withMainTimeOnlyTheByoyomisShareMustBeUsed() {
        // 10 s byoyomi, 60 s main: optimum 12,300 ms (60 % = 7,380), the byoyomi's share 10,000 -
        // 100 = 9,900 ms: the later of the two.
        TimeManager t = new TimeManager(byoyomi(60_000, 10_000), Piece.WHITE);
        assertThat(t.mayStopAfterIteration(9_899)).isFalse();
        assertThat(t.mayStopAfterIteration(9_900)).isTrue();
    }

    @Test
    void suddenDeathStopsAfterSixtyPercentOfTheOptimum() {
        // 100 s, no byoyomi: optimum 100000/40 = 2,500 ms, 60 % = 1,500 ms (unused time stays on
        // the clock).
        TimeManager t =
                new TimeManager(
                        new Limits(0, 0, 0, 100_000, 100_000, 0, 0, 0, false, false, 0),
                        Piece.BLACK);
        assertThat(t.mayStopAfterIteration(1_499)).isFalse();
        assertThat(t.mayStopAfterIteration(1_500)).isTrue();
        assertThat(
                        new TimeManager(Limits.nodes(1000), Piece.BLACK)
                                .mayStopAfterIteration(1_000_000))
                .isFalse();
    }

    @Test
    void ourClockAtZeroWhileTheOpponentsRunsMovesAtOnce() {
        // go btime 0 wtime 5000: Black has no time left; without this it searched without a limit
        TimeManager t =
                new TimeManager(
                        new Limits(0, 0, 0, 0, 5_000, 0, 0, 0, false, false, 0), Piece.BLACK);
        assertThat(t.timed()).isTrue();
        assertThat(t.maximumMs()).isEqualTo(10);
    }

    @Test
    void zeroOnBothClocksWithoutByoyomiOrIncrementMovesAtOnce() {
        // go btime 0 wtime 0: a clock with nothing left, not an untimed search (it used to search
        // until stop)
        TimeManager t =
                new TimeManager(
                        new Limits(0, 0, 0, 0, 0, 0, 0, 0, false, false, 0, true), Piece.WHITE);
        assertThat(t.timed()).isTrue();
        assertThat(t.optimumMs()).isEqualTo(10);
        assertThat(t.maximumMs()).isEqualTo(10);
        assertThat(new TimeManager(Limits.NONE, Piece.WHITE).timed()).isFalse();
    }

    private static final long MAX = Long.MAX_VALUE;

    @Test
    void maximalByoyomiAndMainTimeSaturateInsteadOfWrapping() {
        // MAX/25 + MAX and MAX/8 + MAX saturate at MAX; minus the 100 ms margin:
        // 9223372036854775707
        TimeManager t = new TimeManager(byoyomi(MAX, MAX), Piece.BLACK);
        assertThat(t.optimumMs()).isEqualTo(9_223_372_036_854_775_707L);
        assertThat(t.maximumMs()).isEqualTo(9_223_372_036_854_775_707L);
        assertThat(t.mayStopAfterIteration(60_000)).isFalse();
    }

    @Test
    void maximalIncrementsSaturateInsteadOfWrapping() {
        // optimum MAX/30 + 3/4 MAX = 307445734561825860 + 6917529027641081855 (exact, 3/4 of MAX
        // rounded down); maximum min(MAX/6 + MAX saturated, MAX - 100)
        TimeManager t =
                new TimeManager(
                        new Limits(0, 0, 0, MAX, MAX, MAX, MAX, 0, false, false, 0), Piece.BLACK);
        assertThat(t.optimumMs()).isEqualTo(7_224_974_762_202_907_715L);
        assertThat(t.maximumMs()).isEqualTo(9_223_372_036_854_775_707L);
        assertThat(t.mayStopAfterIteration(60_000)).isFalse();
    }

    @Test
    void sixtyPercentOfAHugeOptimumDoesNotWrap() {
        // sudden death, MAX ms: optimum MAX/40 = 230584300921369395, 60 % = 138350580552821637
        TimeManager t =
                new TimeManager(
                        new Limits(0, 0, 0, MAX, MAX, 0, 0, 0, false, false, 0), Piece.BLACK);
        assertThat(t.optimumMs()).isEqualTo(230_584_300_921_369_395L);
        assertThat(t.mayStopAfterIteration(138_350_580_552_821_636L)).isFalse();
        assertThat(t.mayStopAfterIteration(138_350_580_552_821_637L)).isTrue();
    }
}
