package dev.joseki.engine;

/**
 * What bounds one search, as given by USI {@code go}. Times are milliseconds; 0 means "not given",
 * except for the clocks: {@code clock} says that {@code btime} or {@code wtime} was given, so that
 * {@code go btime 0 wtime 0} is a clock with no time left (move at once), not an untimed search.
 * {@code mate} > 0 asks for a mate search of that many milliseconds ({@code go mate}); -1 is
 * "infinite".
 */
public record Limits(
        long nodes,
        int depth,
        long movetime,
        long btime,
        long wtime,
        long binc,
        long winc,
        long byoyomi,
        boolean infinite,
        boolean ponder,
        long mate,
        boolean clock) {

    /** Limits whose clock counts as given when either side has time left. */
    public Limits(
            long nodes,
            int depth,
            long movetime,
            long btime,
            long wtime,
            long binc,
            long winc,
            long byoyomi,
            boolean infinite,
            boolean ponder,
            long mate) {
        this(
                nodes,
                depth,
                movetime,
                btime,
                wtime,
                binc,
                winc,
                byoyomi,
                infinite,
                ponder,
                mate,
                btime > 0 || wtime > 0);
    }

    public static final Limits NONE = new Limits(0, 0, 0, 0, 0, 0, 0, 0, false, false, 0);

    public static Limits depth(int d) {
        return new Limits(0, d, 0, 0, 0, 0, 0, 0, false, false, 0);
    }

    public static Limits nodes(long n) {
        return new Limits(n, 0, 0, 0, 0, 0, 0, 0, false, false, 0);
    }

    public static Limits movetime(long ms) {
        return new Limits(0, 0, ms, 0, 0, 0, 0, 0, false, false, 0);
    }
}
