package dev.joseki.cli.command;

import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * --progress, --no-progress and --wait-timeout: how a command that waits for its records to arrive
 * shows the wait and when it gives up (picocli {@code @Mixin}).
 */
public final class WaitOptions {
    @Mixin public ProgressOptions progress = new ProgressOptions();

    @Option(
            names = "--wait-timeout",
            paramLabel = "SECONDS",
            defaultValue = "0",
            description = "Give up waiting after this long (exit 1); 0 waits for ever.")
    public long waitTimeout;

    /** The progress towards {@code total} records in {@code unit} on {@code err}. */
    public Progress progress(PrintWriter err, Progress.Unit unit, int total) {
        return progress.start(err, unit, total);
    }

    /** How long to wait: --wait-timeout seconds, or a year (for ever) with 0. */
    public Duration timeout() {
        return waitTimeout > 0 ? Duration.ofSeconds(waitTimeout) : Duration.ofDays(365);
    }
}
