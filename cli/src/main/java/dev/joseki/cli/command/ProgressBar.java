package dev.joseki.cli.command;

import java.io.PrintWriter;

/** A one-line progress bar redrawn in place on stderr ("\r"); silent unless enabled. */
public final class ProgressBar {
    private static final int WIDTH = 30;
    private final PrintWriter err;
    private final boolean enabled;
    private final int total;
    private final long startNanos = System.nanoTime();
    private int last = -1;

    public ProgressBar(PrintWriter err, boolean enabled, int total) {
        this.err = err;
        this.enabled = enabled;
        this.total = total;
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
        int filled = total == 0 ? WIDTH : (int) ((long) WIDTH * done / total);
        double secs = (System.nanoTime() - startNanos) / 1e9;
        err.printf(
                "\r[%s%s] %d/%d games  %.0f s",
                "#".repeat(filled), ".".repeat(WIDTH - filled), done, total, secs);
        err.flush();
    }

    public void finish() {
        if (enabled && last >= 0) {
            err.println();
            err.flush();
        }
    }
}
