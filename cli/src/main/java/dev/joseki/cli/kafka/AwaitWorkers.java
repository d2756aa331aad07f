package dev.joseki.cli.kafka;

import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.selfplay.SelfPlayRun;
import java.io.PrintWriter;
import java.time.Duration;

/**
 * --await-workers of {@code selfplay} and {@code train data}: nothing is published until N workers
 * of the group hold the run's task partitions.
 */
public final class AwaitWorkers {
    /** How long the wait is silent, and how long it lasts in all. */
    public static final Duration NOTICE = Duration.ofSeconds(5),
            LIMIT = WorkerWatch.NO_WORKERS_LIMIT;

    private AwaitWorkers() {}

    /**
     * Waits for {@code workers} members of {@code group} on {@code taskTopic}: after {@link
     * #NOTICE} without them says how many there are and how to start more (naming the prefix the
     * group's workers take instead, if they do), and gives up after {@link #LIMIT} with a usage
     * error.
     */
    public static void await(
            KafkaConnection conn, String taskTopic, String group, int workers, PrintWriter err)
            throws InterruptedException {
        if (SelfPlayRun.awaitWorkers(conn.settings, taskTopic, group, workers, NOTICE)) {
            return;
        }
        String servers = conn.settings.bootstrapServers();
        err.println(
                "joseki: "
                        + SelfPlayRun.workersHolding(conn.settings, taskTopic, group)
                        + " of the "
                        + workers
                        + " workers of group "
                        + group
                        + " on "
                        + servers
                        + " hold task partitions; waiting up to "
                        + LIMIT.toMinutes()
                        + " minutes before publishing ("
                        + KafkaConnection.workersHint(conn.settings, taskTopic, group)
                        + ")");
        err.flush();
        if (!SelfPlayRun.awaitWorkers(
                conn.settings, taskTopic, group, workers, LIMIT.minus(NOTICE))) {
            throw new CommandFailure(
                    ExitCodes.USAGE,
                    "only "
                            + SelfPlayRun.workersHolding(conn.settings, taskTopic, group)
                            + " of the "
                            + workers
                            + " workers (--await-workers) of group "
                            + group
                            + " on "
                            + servers
                            + " joined within "
                            + LIMIT.toMinutes()
                            + " minutes; no task was published ("
                            + KafkaConnection.workersHint(conn.settings, taskTopic, group)
                            + ", or lower --await-workers)");
        }
    }
}
