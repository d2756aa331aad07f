package dev.joseki.play;

import dev.joseki.engine.Limits;

/**
 * Both clocks as the {@link Referee} reads them when it asks for a move: main time left per side,
 * the increments, the byoyomi of the side to move, and {@code flagMs}, how long the mover may take
 * before it loses on time (its main time left + byoyomi + margin). A player need not wait for a
 * move past flagMs.
 */
public record ClockReading(long btime, long wtime, long binc, long winc, long byoyomi, long flagMs)
        implements MoveLimit {

    @Override
    public Limits toLimits() {
        return new Limits(0, 0, 0, btime, wtime, binc, winc, byoyomi, false, false, 0, true);
    }

    /** {@code go btime B wtime W [binc BI winc WI] [byoyomi Y]}: the fields USI engines read. */
    @Override
    public String usiGo() {
        StringBuilder sb =
                new StringBuilder("go btime ").append(btime).append(" wtime ").append(wtime);
        if (binc > 0 || winc > 0) {
            sb.append(" binc ").append(binc).append(" winc ").append(winc);
        }
        if (byoyomi > 0) {
            sb.append(" byoyomi ").append(byoyomi);
        }
        return sb.toString();
    }
}
