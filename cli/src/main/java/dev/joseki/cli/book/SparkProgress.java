package dev.joseki.cli.book;

import dev.joseki.book.builder.SparkTasks;
import dev.joseki.cli.command.Progress;

/**
 * A Spark job's tasks and phase lines ({@link SparkTasks.Listener}) shown by a {@link Progress}:
 * the rate counts from the first stage submitted, not from the command's start (a Spark session
 * takes seconds to start), and a phase line clears the progress line on a terminal instead of being
 * printed at its end.
 */
public final class SparkProgress implements SparkTasks.Listener {
    private final Progress progress;
    private boolean started;

    public SparkProgress(Progress progress) {
        this.progress = progress;
    }

    @Override
    public void tasks(long done, long submitted, int stages) {
        if (!started) {
            started = true;
            progress.startAt(0);
        }
        progress.sparkTasks(done, submitted, stages);
    }

    @Override
    public void phase(String line) {
        progress.log(line);
    }
}
