package dev.joseki.play;

/**
 * How an external engine is told the referee's clock: the spec's {@code clock=} field
 * (docs/time-controls.md, "Engines that take another clock"). Only the {@code go} line changes; the
 * referee charges every engine by the same {@link Clock} rules whatever it was told, so both sides
 * of a game keep the same time budget.
 *
 * <p>In a byoyomi or sudden-death game every adapter sends the same line; they differ only when the
 * clock has an increment.
 */
public enum ClockAdapter {
    /** {@code go btime B wtime W [binc BI winc WI] [byoyomi Y]}: the clocks as they stand. */
    FISCHER("fischer"),
    /**
     * For engines that know main time and byoyomi but not {@code binc}/{@code winc} (GPS Shogi): an
     * increment is sent as the byoyomi, and each side's main time as its time left minus its
     * increment, {@code go btime B-BI wtime W-WI byoyomi INC} (a main time below zero is sent as 0;
     * a mover without an increment is told its own byoyomi, if any). The engine then may take at
     * most main + byoyomi = its time left, exactly what the referee allows; and a move that uses at
     * least the increment leaves the engine the same time by its own byoyomi count as by the
     * referee's Fischer count.
     */
    BYOYOMI("byoyomi"),
    /**
     * For engines that refuse or misread increment words: {@code go btime B wtime W [byoyomi Y]},
     * the increments left out. The times are the clocks as they stand (earlier increments
     * included), so the engine plays as if each move were its last increment.
     */
    NOINC("noinc");

    private final String key;

    ClockAdapter(String key) {
        this.key = key;
    }

    /** The spec's value: {@code fischer}, {@code byoyomi} or {@code noinc}. */
    public String key() {
        return key;
    }

    /** The adapter named {@code key} in a spec, or null when there is none of that name. */
    public static ClockAdapter fromKey(String key) {
        for (ClockAdapter a : values()) {
            if (a.key.equals(key)) {
                return a;
            }
        }
        return null;
    }

    /**
     * The USI {@code go} line for {@code clocks}, the mover being black when {@code blackToMove}.
     */
    public String usiGo(ClockReading clocks, boolean blackToMove) {
        boolean increment = clocks.binc() > 0 || clocks.winc() > 0;
        if (this == FISCHER || !increment) {
            return clocks.usiGo();
        }
        if (this == NOINC) {
            return new ClockReading(
                            clocks.btime(), clocks.wtime(), 0, 0, clocks.byoyomi(), clocks.flagMs())
                    .usiGo();
        }
        long btime = Math.max(0, clocks.btime() - clocks.binc());
        long wtime = Math.max(0, clocks.wtime() - clocks.winc());
        // A side has an increment or a byoyomi, never both (TimeControl): with time odds the mover
        // may have a byoyomi while only its opponent has an increment.
        long byoyomi = (blackToMove ? clocks.binc() : clocks.winc()) + clocks.byoyomi();
        return new ClockReading(btime, wtime, 0, 0, byoyomi, clocks.flagMs()).usiGo();
    }

    @Override
    public String toString() {
        return key;
    }
}
