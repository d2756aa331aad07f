package dev.joseki.cli.command;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The progress of a long command on stderr: done/total in the command's unit, the rate and the time
 * left at that rate, and a detail of the command's own (a tournament's score and LLR).
 *
 * <p>On a terminal it is one line redrawn in place ("\r", at most every {@value #REDRAW_MILLIS} ms,
 * cut to the terminal's width so that it never wraps); into a file or a pipe it is a line of its
 * own at the first update, at each new {@value #PLAIN_STEP_PERCENT} % and otherwise at most every
 * {@value #PLAIN_EVERY_SECONDS} s, so that a log of an eight-hour run holds a readable line every
 * half minute and not one line joined by carriage returns. The final line ({@link #finish}) is
 * always a plain line. A total of 0 or less is unknown: the line shows the count and the rate.
 *
 * <p>Callers may report from several threads (a tournament's games end on the workers' threads).
 */
public final class Progress {
    /**
     * What a command counts and the rate's unit: {@code perSeconds} of them, "games/min" for 60.
     */
    public record Unit(String name, String per, int perSeconds) {
        public static final Unit GAMES = new Unit("games", "min", 60);
        public static final Unit POSITIONS = new Unit("positions", "s", 1);
        public static final Unit EPOCHS = new Unit("epochs", "h", 3600);
        public static final Unit ITERATIONS = new Unit("iterations", "min", 60);
        public static final Unit TASKS = new Unit("tasks", "s", 1);
    }

    static final int REDRAW_MILLIS = 200;
    static final int PLAIN_STEP_PERCENT = 5;
    static final int PLAIN_EVERY_SECONDS = 30;
    private static final long NANOS = 1_000_000_000L;

    private final PrintWriter err;
    private final Unit unit;
    private final boolean enabled;
    private final boolean terminal;
    private final int columns;
    private final LongSupplier clock;
    private long startNanos;
    private long total;
    private long done = -1;
    private long base; // done before this run began: not part of its rate
    private String detail = "";
    private long shownAt;
    private int shownWidth; // the line drawn on the terminal, to clear; 0 when none
    private int shownStep = -1;
    private boolean shown;

    /**
     * @param terminal redraw one line in place; else plain lines
     * @param columns the terminal's width, 0 when not known (lines are then not cut)
     * @param clock System::nanoTime, or a test's fake clock
     */
    public Progress(
            PrintWriter err,
            Unit unit,
            long total,
            boolean enabled,
            boolean terminal,
            int columns,
            LongSupplier clock) {
        this.err = err;
        this.unit = unit;
        this.total = total;
        this.enabled = enabled;
        this.terminal = terminal;
        this.columns = columns;
        this.clock = clock;
        this.startNanos = clock.getAsLong();
    }

    /** Progress on stderr as the launcher saw it: a terminal or not, and the terminal's width. */
    public static Progress onStderr(PrintWriter err, Unit unit, long total, boolean enabled) {
        return new Progress(
                err, unit, total, enabled, stderrIsTerminal(), stderrColumns(), System::nanoTime);
    }

    /**
     * True when stderr is a terminal: the launcher exports JOSEKI_STDERR_TTY; without it, a
     * console.
     */
    public static boolean stderrIsTerminal() {
        String tty = System.getenv("JOSEKI_STDERR_TTY");
        return tty != null ? tty.equals("1") : System.console() != null;
    }

    /** The terminal's width that the launcher exports as JOSEKI_STDERR_COLUMNS, 0 if none. */
    static int stderrColumns() {
        try {
            return Integer.parseInt(System.getenv().getOrDefault("JOSEKI_STDERR_COLUMNS", "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * The count this run starts from, now (a resumed tune's iterations done before; a fit's epochs
     * of its checkpoint once its data is loaded): the rate and the time left count only what
     * follows.
     */
    public synchronized Progress startAt(long done) {
        this.base = done;
        this.startNanos = clock.getAsLong();
        return this;
    }

    public void update(long done) {
        update(done, total, detail);
    }

    public void update(long done, String detail) {
        update(done, total, detail);
    }

    /** The count so far, the total (it may grow: a Spark job's stages) and the detail. */
    public synchronized void update(long done, long total, String detail) {
        if (!enabled || (done == this.done && total == this.total && detail.equals(this.detail))) {
            return;
        }
        this.done = done;
        this.total = total;
        this.detail = detail;
        long now = clock.getAsLong();
        if (terminal) {
            if (!shown || now - shownAt >= REDRAW_MILLIS * 1_000_000L) {
                draw(now);
            }
            return;
        }
        int step = total > 0 ? (int) (100 * Math.min(done, total) / total) / PLAIN_STEP_PERCENT : 0;
        if (total > 0 && done >= total) {
            return; // the final line says it
        }
        if (!shown || step > shownStep || now - shownAt >= PLAIN_EVERY_SECONDS * NANOS) {
            err.println(line(now));
            err.flush();
            shown = true;
            shownAt = now;
            shownStep = step;
        }
    }

    /**
     * A Spark job's tasks ({@code SparkTasks.Listener}): their total grows stage by stage, so the
     * count has no total and the tasks submitted so far are the detail.
     */
    public void sparkTasks(long done, long submitted, int stages) {
        update(done, 0, "of " + submitted + " in " + stages + (stages == 1 ? " stage" : " stages"));
    }

    /**
     * A line of the command's own (a log line) without garbling the progress line: on a terminal
     * the line drawn is cleared, the message printed, and the progress line drawn again below it.
     */
    public synchronized void log(String message) {
        boolean redraw = shownWidth > 0;
        clear();
        err.println(message);
        err.flush();
        if (redraw) {
            draw(clock.getAsLong());
        }
    }

    /**
     * Erases the line drawn on the terminal, if any, before the command prints a line of its own on
     * stdout (the same terminal); the next update draws it again.
     */
    public synchronized void clear() {
        if (shownWidth > 0) {
            err.print("\r" + " ".repeat(shownWidth) + "\r");
            err.flush();
            shownWidth = 0;
            shown = false;
        }
    }

    /** The final line, plain: how many in how long at what rate, and the last detail. */
    public synchronized void finish() {
        if (!enabled || done < 0) {
            return;
        }
        long now = clock.getAsLong();
        String line =
                count()
                        + " in "
                        + duration((now - startNanos) / NANOS)
                        + "  "
                        + rate(now)
                        + (detail.isEmpty() ? "" : "  " + detail);
        if (terminal && shownWidth > 0) {
            err.print("\r" + padded(line));
        } else {
            err.print(line);
        }
        err.println();
        err.flush();
        shownWidth = 0;
    }

    private void draw(long now) {
        String line = line(now);
        if (columns > 1 && line.length() > columns - 1) {
            line = line.substring(0, columns - 1); // a wrapped line cannot be redrawn by "\r"
        }
        err.print("\r" + padded(line));
        err.flush();
        shownWidth = line.length();
        shownAt = now;
        shown = true;
    }

    /** The line, with spaces over what is left of a longer line drawn before. */
    private String padded(String line) {
        return line.length() >= shownWidth ? line : line + " ".repeat(shownWidth - line.length());
    }

    /** "120/400 games (30%) 12.0 games/min ETA 23m20s DETAIL"; "120 tasks 4.0 tasks/s". */
    String line(long now) {
        StringBuilder sb = new StringBuilder(count());
        if (total > 0) {
            sb.append(String.format(Locale.ROOT, " (%d%%)", 100 * Math.min(done, total) / total));
        }
        sb.append("  ").append(rate(now));
        if (total > 0) {
            long elapsed = now - startNanos;
            sb.append("  ETA ")
                    .append(
                            done <= base || elapsed <= 0
                                    ? "?"
                                    : duration(
                                            Math.round(
                                                    (double) (total - Math.min(done, total))
                                                            * elapsed
                                                            / (done - base)
                                                            / NANOS)));
        }
        if (!detail.isEmpty()) {
            sb.append("  ").append(detail);
        }
        return sb.toString();
    }

    private String count() {
        return (total > 0 ? done + "/" + total : String.valueOf(done)) + " " + unit.name();
    }

    private String rate(long now) {
        double secs = (now - startNanos) / (double) NANOS;
        double r = secs <= 0 ? 0 : (done - base) * unit.perSeconds() / secs;
        return String.format(Locale.ROOT, "%.1f %s/%s", r, unit.name(), unit.per());
    }

    /** 45s, 12m05s, 3h07m: the time left or taken, in the two largest units that matter. */
    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, seconds % 3600 / 60);
    }
}
