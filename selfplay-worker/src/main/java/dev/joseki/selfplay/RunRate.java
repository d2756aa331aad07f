package dev.joseki.selfplay;

/**
 * How fast a run goes, as its command's summary prints it ({@code games_per_hour}, {@code
 * positions_per_hour}) and the control room shows it: one formula for both.
 */
public final class RunRate {
    private RunRate() {}

    /** {@code count} per hour over {@code seconds} (a zero span counts as a nanosecond). */
    public static double perHour(long count, double seconds) {
        return count * 3600 / Math.max(seconds, 1e-9);
    }
}
