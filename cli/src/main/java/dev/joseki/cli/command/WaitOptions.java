package dev.joseki.cli.command;

import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * --progress and --wait-timeout: how a command that waits for its records to arrive shows the wait
 * and when it gives up (picocli {@code @Mixin}).
 */
public final class WaitOptions {
    @Option(
            names = "--progress",
            description = "Show the progress bar even when stderr is not a terminal.")
    public boolean progress;

    @Option(
            names = "--wait-timeout",
            paramLabel = "SECONDS",
            defaultValue = "0",
            description = "Give up waiting after this long (exit 1); 0 waits for ever.")
    public long waitTimeout;

    /** The progress bar towards {@code total} on {@code err}: shown with --progress or a tty. */
    public ProgressBar bar(PrintWriter err, int total) {
        return new ProgressBar(err, progress || ProgressBar.stderrIsTerminal(), total);
    }

    /** How long to wait: --wait-timeout seconds, or a year (for ever) with 0. */
    public Duration timeout() {
        return waitTimeout > 0 ? Duration.ofSeconds(waitTimeout) : Duration.ofDays(365);
    }
}
