package dev.joseki.play;

/**
 * A side's clock for a whole game, as a spec's {@code tc=MAIN[+INC]} and {@code byoyomi=MS} give it
 * (docs/time-controls.md). Main time first; then, with a byoyomi, each move may take the byoyomi
 * (unused byoyomi is lost); with an increment, the increment is added after every move (Fischer).
 * An increment and a byoyomi do not go together. {@code marginMs} is what the referee allows beyond
 * the clock before the flag falls: the pipe, the process scheduler and the referee's own wake-up,
 * not thinking time.
 *
 * <p>Invariants: all values are non-negative; main time or byoyomi is positive; increment and
 * byoyomi are not both positive.
 */
public record TimeControl(long mainMs, long incrementMs, long byoyomiMs, long marginMs) {
    /**
     * The referee's margin when none is given: pipes and a thread wake-up cost a few milliseconds,
     * a busy machine's scheduler slice about 10; 50 ms covers several of those and is 0.5 % of a 10
     * s game. Our engine keeps its own, larger reserve (dev.joseki.engine.TimeManager), so it never
     * needs this.
     */
    public static final long DEFAULT_MARGIN_MS = 50;

    public TimeControl {
        if (mainMs < 0 || incrementMs < 0 || byoyomiMs < 0 || marginMs < 0) {
            throw new IllegalArgumentException("a time control has no negative times");
        }
        if (mainMs == 0 && byoyomiMs == 0) {
            throw new IllegalArgumentException("a time control needs main time or a byoyomi");
        }
        if (incrementMs > 0 && byoyomiMs > 0) {
            throw new IllegalArgumentException("give an increment or a byoyomi, not both");
        }
    }

    /** This time control with another margin. */
    public TimeControl withMargin(long ms) {
        return new TimeControl(mainMs, incrementMs, byoyomiMs, ms);
    }

    /**
     * Parses {@code MAIN[+INC]} in seconds with up to three decimals ({@code 10}, {@code 10+0.1},
     * {@code 300+10}) into milliseconds: {main, increment}. IllegalArgumentException says what is
     * wrong.
     */
    public static long[] parseMainPlusIncrement(String text) {
        int plus = text.indexOf('+');
        String main = plus < 0 ? text : text.substring(0, plus);
        long m = seconds(main, "main time");
        long inc = plus < 0 ? 0 : seconds(text.substring(plus + 1), "increment");
        if (m == 0) {
            throw new IllegalArgumentException("main time must be positive, got '" + main + "'");
        }
        return new long[] {m, inc};
    }

    /**
     * A command line's {@code --tc} value: {@code MAIN[+INC]} seconds, optionally followed by
     * {@code byoyomi=MS} ({@code --tc 10+0.1}, {@code --tc "60 byoyomi=1000"}), with {@code
     * marginMs}. IllegalArgumentException names {@code option} and what is wrong.
     */
    public static TimeControl parseOption(String option, String value, long marginMs) {
        String[] w = value.trim().split("\\s+");
        try {
            if (w.length > 2 || w.length == 2 && !w[1].matches("byoyomi=\\d{1,9}")) {
                throw new IllegalArgumentException(
                        "expected MAIN[+INC] [byoyomi=MS], got '" + value + "'");
            }
            long[] mainInc = parseMainPlusIncrement(w[0]);
            long byo = w.length == 2 ? Long.parseLong(w[1].substring("byoyomi=".length())) : 0;
            return new TimeControl(mainInc[0], mainInc[1], byo, marginMs);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    option + ": " + e.getMessage() + " (e.g. " + option + " 10+0.1)", e);
        }
    }

    /** The spec notation of main time and increment: {@code tc=10+0.1}; empty without main time. */
    public String tcField() {
        if (mainMs == 0) {
            return "";
        }
        String inc = incrementMs > 0 ? "+" + secondsText(incrementMs) : "";
        return "tc=" + secondsText(mainMs) + inc;
    }

    @Override
    public String toString() {
        String tc = tcField();
        String byo = byoyomiMs > 0 ? "byoyomi=" + byoyomiMs : "";
        return tc.isEmpty() ? byo : byo.isEmpty() ? tc : tc + " " + byo;
    }

    private static long seconds(String s, String what) {
        if (!s.matches("\\d{1,9}(\\.\\d{1,3})?")) {
            throw new IllegalArgumentException(
                    what + " must be seconds like 10 or 0.1, got '" + s + "'");
        }
        int dot = s.indexOf('.');
        if (dot < 0) {
            return Long.parseLong(s) * 1000;
        }
        String frac = (s.substring(dot + 1) + "00").substring(0, 3);
        return Long.parseLong(s.substring(0, dot)) * 1000 + Long.parseLong(frac);
    }

    private static String secondsText(long ms) {
        if (ms % 1000 == 0) {
            return Long.toString(ms / 1000);
        }
        String frac = String.format("%03d", ms % 1000).replaceAll("0+$", "");
        return ms / 1000 + "." + frac;
    }
}
