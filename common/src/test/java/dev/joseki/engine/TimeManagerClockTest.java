package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Piece;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Our engine's budgets played out on a scripted clock kept by the referee's rules
 * (dev.joseki.play.Clock: main time first, then the byoyomi per move, the increment after each
 * move; a move over main left + byoyomi + the 50 ms margin loses). Each of the engine's 150 moves
 * takes its optimum (a typical move) or its maximum plus 20 ms of overshoot (the worst the search
 * does: it aborts at the maximum, checked every few thousand nodes). Prints how much of the clock
 * was used by moves 30, 60, 90 and 150.
 */
class TimeManagerClockTest {
    private static final long REFEREE_MARGIN_MS = 50;
    private static final long OVERSHOOT_MS = 20;
    private static final int MOVES = 150;

    /** Clock left after moves 30, 60, 90, 150; -1 at the move that lost on time. */
    private static long[] play(long main, long inc, long byo, boolean worst) {
        long left = main;
        long[] at = new long[4];
        int k = 0;
        for (int move = 1; move <= MOVES; move++) {
            // the opponent's clock as it starts: it never runs out here
            Limits l = new Limits(0, 0, 0, left, main, inc, inc, byo, false, false, 0);
            TimeManager t = new TimeManager(l, Piece.BLACK);
            long used = worst ? t.maximumMs() + OVERSHOOT_MS : t.optimumMs();
            if (used > left + byo + REFEREE_MARGIN_MS) {
                at[Math.min(k, 3)] = -1;
                return at;
            }
            left = Math.max(0, left - used) + inc;
            if (move == 30 || move == 60 || move == 90 || move == MOVES) {
                at[k++] = left;
            }
        }
        return at;
    }

    private static void show(String tc, long main, long inc, long byo) {
        for (boolean worst : new boolean[] {false, true}) {
            long[] at = play(main, inc, byo, worst);
            System.out.printf(
                    Locale.ROOT,
                    "%-18s %-8s clock used by move 30 / 60 / 90 / 150: %s / %s / %s / %s%n",
                    tc,
                    worst ? "maximum" : "optimum",
                    used(main, at[0], inc, 30),
                    used(main, at[1], inc, 60),
                    used(main, at[2], inc, 90),
                    used(main, at[3], inc, 150));
        }
    }

    /** Share of the time given so far (main + increments) that was used. */
    private static String used(long main, long left, long inc, int moves) {
        double given = main + inc * moves;
        if (given == 0) {
            return "-"; // byoyomi only: no clock to use up
        }
        return String.format(Locale.ROOT, "%.0f%%", 100 * (given - left) / given);
    }

    @Test
    void neverLosesOnTimeAtTheRefereesMarginEvenUsingItsMaximumEveryMove() {
        long[][] controls = {
            {10_000, 100, 0},
            {300_000, 10_000, 0},
            {60_000, 0, 0},
            {2_000, 50, 0},
            {60_000, 0, 1_000},
            {0, 0, 200},
            {10_000, 0, 100}
        };
        for (long[] c : controls) {
            show("main " + c[0] + " inc " + c[1] + " byo " + c[2], c[0], c[1], c[2]);
            for (boolean worst : new boolean[] {false, true}) {
                long[] at = play(c[0], c[1], c[2], worst);
                for (long left : at) {
                    assertThat(left)
                            .as("main %d inc %d byo %d %s", c[0], c[1], c[2], worst ? "max" : "opt")
                            .isNotNegative();
                }
            }
        }
    }

    @Test
    void suddenDeathKeepsMostOfItsClockForTheMiddleGame() {
        // 1/40 of what is left per move: after 30 moves (1 - 1/40)^30 = 46.8 % of 60 s is left.
        long[] at = play(60_000, 0, 0, false);
        assertThat(at[0]).isBetween(27_500L, 28_700L);
        // with a 0.1 s increment the clock settles where 1/30 of it plus 3/4 of the increment is
        // the increment: left/30 = 25 ms, 750 ms left; after 150 moves it is close to that
        long[] inc = play(10_000, 100, 0, false);
        assertThat(inc[3]).isBetween(700L, 1_300L);
    }
}
