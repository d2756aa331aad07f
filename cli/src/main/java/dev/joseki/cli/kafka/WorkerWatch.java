package dev.joseki.cli.kafka;

import dev.joseki.selfplay.SelfPlayRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Whether a run waiting for its games can still get them: asked after each poll of the games topic
 * ({@code selfplay}, {@code evaluate} and {@code train data} with {@code --wait}), it answers null
 * while workers are there, and names why no game will come once the worker processes the command
 * was given to watch have all exited (at once, naming their log files) or no worker of the group
 * has held the task partitions for {@code noWorkers}. The group is described at most every {@link
 * #PROBE_EVERY}.
 */
public final class WorkerWatch implements Supplier<String> {
    /** How often the group is described (an Admin round trip). */
    static final Duration PROBE_EVERY = Duration.ofSeconds(2);

    /** How long a --wait goes on while no worker of the group holds the task partitions. */
    public static final Duration NO_WORKERS_LIMIT = Duration.ofMinutes(5);

    /**
     * A worker process started for the run (by {@code demo}, say), with the file its output goes
     * to.
     */
    public record Child(long pid, Path log) {
        /** Alive: the process exists and has not exited. */
        boolean alive() {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }

        /**
         * {@code PID=LOG} as the demo passes it to selfplay; a malformed one is an
         * IllegalArgumentException.
         */
        public static Child parse(String s) {
            int eq = s.indexOf('=');
            try {
                return new Child(Long.parseLong(s.substring(0, eq)), Path.of(s.substring(eq + 1)));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(
                        "--watch-worker: PID=LOG, e.g. 4242=run/demo/logs/worker-1.log, got '"
                                + s
                                + "'");
            }
        }
    }

    private final IntSupplier holders;
    private final String group;
    private final String servers;
    private final String taskTopic;
    private final List<Child> children;
    private final Duration noWorkers;
    private final LongSupplier nanos;
    private long lastProbe;
    private long emptySince = -1;

    /**
     * @param holders how many members of the group hold task partitions now
     * @param taskTopic the run's task topic (its prefix is the one workers must be started with)
     * @param children worker processes started for this run (none: only the group is watched)
     * @param noWorkers how long no member may hold the task partitions before the run is stalled
     * @param nanos the clock ({@link System#nanoTime} but in tests)
     */
    public WorkerWatch(
            IntSupplier holders,
            String group,
            String servers,
            String taskTopic,
            List<Child> children,
            Duration noWorkers,
            LongSupplier nanos) {
        this.holders = holders;
        this.group = group;
        this.servers = servers;
        this.taskTopic = taskTopic;
        this.children = List.copyOf(children);
        this.noWorkers = noWorkers;
        this.nanos = nanos;
        this.lastProbe = nanos.getAsLong() - PROBE_EVERY.toNanos();
    }

    /**
     * The watch every {@code --wait} uses ({@code selfplay}, {@code evaluate}, {@code train data}):
     * the members of {@code group} holding partitions of the run's {@code taskTopic}, given up
     * after {@link #NO_WORKERS_LIMIT}, and the worker processes started for the run, if any.
     */
    public static WorkerWatch of(
            KafkaConnection conn, String taskTopic, String group, List<Child> children) {
        return new WorkerWatch(
                () -> SelfPlayRun.workersHolding(conn.settings, taskTopic, group),
                group,
                conn.settings.bootstrapServers(),
                taskTopic,
                children,
                NO_WORKERS_LIMIT,
                System::nanoTime);
    }

    @Override
    public String get() {
        if (!children.isEmpty() && children.stream().noneMatch(Child::alive)) {
            return (children.size() == 1
                            ? "the worker process started for it has exited"
                            : "the "
                                    + children.size()
                                    + " worker processes started for it have all exited")
                    + "; see "
                    + children.stream()
                            .map(c -> c.log().toString())
                            .collect(Collectors.joining(", "));
        }
        long now = nanos.getAsLong();
        if (now - lastProbe < PROBE_EVERY.toNanos()) {
            return null;
        }
        lastProbe = now;
        if (holders.getAsInt() > 0) {
            emptySince = -1;
            return null;
        }
        if (emptySince < 0) {
            emptySince = now;
        }
        if (now - emptySince < noWorkers.toNanos()) {
            return null;
        }
        return "no worker of group "
                + group
                + " on "
                + servers
                + " has held the task partitions for "
                + noWorkers.toSeconds()
                + " s ("
                + KafkaConnection.startWorkersHint(servers, taskTopic)
                + "; the tasks stay queued for them)";
    }
}
