package dev.joseki.cli.command;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * --progress and --no-progress of a long command (picocli {@code @Mixin}): progress lines on stderr
 * are the default, redrawn in place on a terminal and plain lines otherwise ({@link Progress}).
 */
public final class ProgressOptions {
    @Option(
            names = "--progress",
            description =
                    "Progress on stderr (the default): one line redrawn on a terminal, plain lines"
                            + " every 5%% or 30 s into a file or pipe.")
    public boolean progress;

    @Option(names = "--no-progress", description = "No progress lines on stderr.")
    public boolean noProgress;

    /** The progress towards {@code total} (0: unknown) in {@code unit} on {@code err}. */
    public Progress start(PrintWriter err, Progress.Unit unit, long total) {
        return Progress.onStderr(err, unit, total, !noProgress);
    }
}
