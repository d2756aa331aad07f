package dev.joseki.engine;

import dev.joseki.rules.Piece;

/**
 * Decides how long a search may run. Two budgets: {@code optimum} (do not start another iteration
 * after 60% of it) and {@code maximum} (abort the iteration). Rules:
 *
 * <ol>
 *   <li>movetime: both budgets are movetime minus the safety margin.
 *   <li>byoyomi: spend a 1/25 slice of the main time plus the byoyomi (never more than main/8 +
 *       byoyomi), minus the margin: the byoyomi is lost if not used, the main time is not.
 *   <li>Fischer increment: 1/30 of the remaining time plus 3/4 of the increment, never more than
 *       1/6 of the remaining time plus the increment.
 *   <li>Sudden death: 1/40 of the remaining time, at most 1/8; 10 ms when our clock is at 0 (a
 *       clock, not "no limit"), {@code go btime 0 wtime 0} included.
 * </ol>
 *
 * The sums saturate at Long.MAX_VALUE: the largest values a GUI can send give the longest budget,
 * never a wrapped one.
 *
 * <p>The safety margin covers GUI and process latency: {@value #MARGIN_MS} ms, but at most 1/8 of
 * the per-move time ({@link #margin}). A fixed 100 ms left a 200 ms byoyomi with 100 ms of search
 * (and no new iteration after 60 ms) while the pipe to a GUI costs a few milliseconds; accepted by
 * SPRT (docs/engine-changes.md). A completed iteration ends the search only after the time that
 * would be lost if unused has gone ({@link #mayStopAfterIteration}): all of a movetime, and the
 * byoyomi's share of a byoyomi move. Stopping earlier saved nothing: a 200 ms byoyomi without main
 * time used to start no iteration after 105 ms. While pondering the clock does not run: {@link
 * #ponderhit} restarts it.
 */
public final class TimeManager {
    /** Covers GUI and process latency. */
    static final long MARGIN_MS = 100;

    /** The margin is at most this fraction of the per-move time. */
    static final int MARGIN_SHARE = 8;

    private final long optimum, maximum;

    /**
     * Before this many ms no completed iteration ends the search: what is left of it would be lost.
     */
    private final long useItOrLoseIt;

    private volatile long start;
    private final boolean timed;

    public TimeManager(Limits limits, int us) {
        start = System.nanoTime();
        long time = us == Piece.BLACK ? limits.btime() : limits.wtime();
        long inc = us == Piece.BLACK ? limits.binc() : limits.winc();
        if (limits.movetime() > 0) {
            optimum = maximum = Math.max(1, limits.movetime() - margin(limits.movetime()));
            useItOrLoseIt = maximum;
            timed = true;
        } else if (limits.byoyomi() > 0) {
            long byo = limits.byoyomi();
            optimum = Math.max(10, plus(time / 25, byo) - margin(byo));
            maximum = Math.max(10, Math.min(plus(time / 8, byo), plus(time, byo)) - margin(byo));
            useItOrLoseIt = Math.min(maximum, byo - margin(byo));
            timed = true;
        } else if (inc > 0) {
            optimum = Math.max(10, plus(time / 30, threeQuarters(inc)));
            maximum = Math.max(10, Math.min(plus(time / 6, inc), time - MARGIN_MS));
            useItOrLoseIt = 0;
            timed = true;
        } else if (limits.clock()) {
            // A clock with no time left on our side (go btime 0 wtime 0, or our clock at 0 while
            // the other side's runs) is not an untimed search: the move must come at once (the
            // referee's margin is all there is).
            optimum = Math.max(10, time / 40);
            maximum = Math.max(10, Math.min(time / 8, time - MARGIN_MS));
            useItOrLoseIt = 0;
            timed = true;
        } else {
            optimum = maximum = Long.MAX_VALUE;
            useItOrLoseIt = 0;
            timed = false;
        }
    }

    /**
     * a + b for a, b ≥ 0, saturated at Long.MAX_VALUE: {@code go btime 9223372036854775807 byoyomi
     * 9223372036854775807} once wrapped to a negative budget and a 10 ms move.
     */
    static long plus(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /** 3/4 of x ≥ 0, rounded down, without overflowing for x near Long.MAX_VALUE. */
    static long threeQuarters(long x) {
        return x / 4 * 3 + x % 4 * 3 / 4;
    }

    /** The safety margin for a per-move time of perMoveMs (movetime or byoyomi). */
    static long margin(long perMoveMs) {
        return Math.min(MARGIN_MS, perMoveMs / MARGIN_SHARE);
    }

    public boolean timed() {
        return timed;
    }

    public void ponderhit() {
        start = System.nanoTime();
    }

    public long elapsedMs() {
        return (System.nanoTime() - start) / 1_000_000;
    }

    /**
     * Whether a search that has just completed an iteration after elapsedMs may end: not before the
     * time that would be lost has gone, else once 60 % of the optimum has (the next iteration would
     * rarely end within the budget).
     */
    public boolean mayStopAfterIteration(long elapsedMs) {
        return timed
                && elapsedMs >= Math.max(useItOrLoseIt, optimum / 10 * 6 + optimum % 10 * 6 / 10);
    }

    public long optimumMs() {
        return optimum;
    }

    public long maximumMs() {
        return maximum;
    }
}
