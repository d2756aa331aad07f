package dev.joseki.engine;

/**
 * What bounds one search, as given by USI {@code go}. Times are milliseconds; 0 means "not given".
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
        long mate) {

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
