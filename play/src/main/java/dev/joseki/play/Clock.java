package dev.joseki.play;

/**
 * One side's clock in one game, owned and run by the {@link Referee}; mutable, one thread. The
 * shogi rules of {@link TimeControl}: a move takes {@code used} ms off the main time; once the main
 * time is gone the rest of the move comes out of the byoyomi, which each move has afresh; a move
 * may use at most {@link #allowedMs} (main left + byoyomi), and loses on time beyond that plus the
 * margin. The increment is added after a move in time. Invariant: {@code leftMs >= 0}.
 */
public final class Clock {
    private final TimeControl control;
    private long leftMs;

    public Clock(TimeControl control) {
        this.control = control;
        this.leftMs = control.mainMs();
    }

    public TimeControl control() {
        return control;
    }

    /** Main time left (the increments added so far included). */
    public long leftMs() {
        return leftMs;
    }

    /**
     * The most a move may take without losing, the margin aside: main time left plus the byoyomi.
     */
    public long allowedMs() {
        return leftMs + control.byoyomiMs();
    }

    /** The flag falls for a move that took longer than this: allowed time plus the margin. */
    public long flagMs() {
        return allowedMs() + control.marginMs();
    }

    /** Whether a move that took {@code usedMs} is in time. */
    public boolean inTime(long usedMs) {
        return usedMs <= flagMs();
    }

    /**
     * Charges a move in time: off the main time (what overran it came out of the byoyomi or the
     * margin), then the increment added.
     */
    public void charge(long usedMs) {
        leftMs = Math.max(0, leftMs - usedMs) + control.incrementMs();
    }
}
