package dev.joseki.play;

import java.time.Duration;

/**
 * How long {@link UsiClient} waits for an external engine, the same for tournaments (in this
 * process or on workers), self-play and matches. A spec's {@code timeout=MS} replaces the move
 * time-out.
 *
 * @param handshake for {@code usiok} and {@code readyok}: a JVM engine under load starts in seconds
 * @param margin allowed beyond a time limit (movetime, byoyomi) before the engine loses on time:
 *     pipes, process scheduling, a JIT warming up
 * @param untimedMove for a node- or depth-limited move, which has no time of its own
 */
public record UsiTimeouts(Duration handshake, Duration margin, Duration untimedMove) {
    public static final UsiTimeouts DEFAULT =
            new UsiTimeouts(Duration.ofSeconds(20), Duration.ofSeconds(5), Duration.ofSeconds(120));

    /**
     * Milliseconds to wait for a bestmove under {@code limit}; {@code specTimeoutMs} > 0 overrides
     * a per-move limit's wait. A clocked move waits until its flag falls, no longer: the move is
     * lost by then.
     */
    public long moveMs(MoveLimit moveLimit, long specTimeoutMs) {
        if (moveLimit instanceof ClockReading c) {
            return c.flagMs();
        }
        SearchLimit limit = (SearchLimit) moveLimit;
        if (specTimeoutMs > 0) {
            return specTimeoutMs;
        }
        return limit.timeMs() > 0 ? limit.timeMs() + margin.toMillis() : untimedMove.toMillis();
    }
}
