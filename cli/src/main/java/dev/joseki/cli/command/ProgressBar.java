package dev.joseki.cli.command;

import java.io.PrintWriter;

/**
 * A one-line progress bar on stderr, silent unless enabled. On a terminal it is redrawn in place
 * ("\r"); into a file or pipe (--progress) it is a line of its own each time the share done grows
 * by a percent, so that a log holds readable lines and not one line joined by carriage returns.
 */
public final class ProgressBar {
    private static final int WIDTH = 30;
    private final PrintWriter err;
    private final boolean enabled;
    private final boolean terminal;
    private final int total;
    private final long startNanos = System.nanoTime();
    private final Steps steps = new Steps();
    private int last = -1;

    public ProgressBar(PrintWriter err, boolean enabled, int total) {
        this(err, enabled, total, stderrIsTerminal());
    }

    public ProgressBar(PrintWriter err, boolean enabled, int total, boolean terminal) {
        this.err = err;
        this.enabled = enabled;
        this.total = total;
        this.terminal = terminal;
    }

    /**
     * True when stderr is a terminal: the launcher exports JOSEKI_STDERR_TTY; without it, a
     * console.
     */
    public static boolean stderrIsTerminal() {
        String tty = System.getenv("JOSEKI_STDERR_TTY");
        return tty != null ? tty.equals("1") : System.console() != null;
    }

    public void update(int done) {
        if (!enabled || done == last) {
            return;
        }
        last = done;
        if (!terminal && !steps.next(done, total)) {
            return;
        }
        int filled = total == 0 ? WIDTH : (int) ((long) WIDTH * done / total);
        double secs = (System.nanoTime() - startNanos) / 1e9;
        err.printf(
                (terminal ? "\r" : "") + "[%s%s] %d/%d games  %.0f s" + (terminal ? "" : "%n"),
                "#".repeat(filled),
                ".".repeat(WIDTH - filled),
                done,
                total,
                secs);
        err.flush();
    }

    public void finish() {
        if (enabled && terminal && last >= 0) {
            err.println();
            err.flush();
        }
    }

    /**
     * Which updates a file gets: the first, each new whole percent, every 100th game (an SPRT's
     * total is its cap, often far beyond where it stops) and the last.
     */
    public static final class Steps {
        private static final int EVERY = 100;
        private int percent = -1;
        private int printed = Integer.MIN_VALUE / 2;

        public boolean next(int done, int total) {
            int p = total <= 0 ? 100 : (int) (100L * Math.min(done, total) / total);
            if (p == percent && done != total && done - printed < EVERY) {
                return false;
            }
            percent = p;
            printed = done;
            return true;
        }
    }
}
