package dev.joseki.cli.placement;

import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.kafka.Topics;
import dev.joseki.play.CoreCapacity;
import dev.joseki.play.EngineSpec;
import dev.joseki.selfplay.KafkaExecutor;
import dev.joseki.selfplay.SelfPlayRun;
import dev.joseki.selfplay.TaskBatches;
import dev.joseki.selfplay.Worker;
import dev.joseki.tournament.Concurrency;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * Where a run's games are played ({@link GamePlacementOptions}): in this process, or by the
 * self-play workers through Kafka, found as {@code selfplay} finds them: --bootstrap-servers, else
 * the running local cluster, else an embedded broker with workers in this process. Clocked games
 * obey the capacity rule (CoreCapacity) wherever this process starts the workers.
 */
public final class GamePlacement {
    static final Duration IDLE_TIMEOUT = Duration.ofMinutes(10);

    /** How long a run on a given broker looks for a worker before saying there is none. */
    private static final Duration WORKER_CHECK = Duration.ofSeconds(5);

    /** A run on the workers, given the executor that sends its games. */
    public interface WorkerRun<T> {
        T play(KafkaExecutor executor) throws IOException, InterruptedException;
    }

    private final GamePlacementOptions options;
    private final KafkaOptions kafka;
    private final PrintWriter err;

    /** Appended to the warning that --allow-shared-cores turns a refusal into ("" for none). */
    private final String sharedCoresNote;

    /** How the games shared the machine, for the report; set where the games are started. */
    private Concurrency concurrencyUsed;

    public GamePlacement(
            GamePlacementOptions options,
            KafkaOptions kafka,
            PrintWriter err,
            String sharedCoresNote) {
        this.options = options;
        this.kafka = kafka;
        this.err = err;
        this.sharedCoresNote = sharedCoresNote;
    }

    public boolean local() {
        if (options.local && options.gamesPerTask != 1) {
            throw new IllegalArgumentException(
                    "--games-per-task is for the Kafka workers; --local plays every game in this"
                            + " process");
        }
        return options.local;
    }

    /** Null until the games are started. */
    Concurrency concurrencyUsed() {
        return concurrencyUsed;
    }

    /** The capacity check of a run in this process, one game at a time. */
    public void checkLocal(List<EngineSpec> players) {
        int cores = Runtime.getRuntime().availableProcessors();
        checkCores(players, 1, cores);
        concurrencyUsed = new Concurrency(1, CoreCapacity.coresPerGame(players), cores);
    }

    /**
     * Plays on the Kafka workers, starting them in this process on an embedded broker. {@code
     * announcement} gives the line printed once the broker is known (null: none); it is told
     * whether the broker is embedded. {@code archive}: the file that keeps the run's games as they
     * arrive (null: none).
     */
    public <T> T onWorkers(
            String runId,
            List<EngineSpec> players,
            int maxPlies,
            int inFlight,
            Path archive,
            Function<Boolean, String> announcement,
            WorkerRun<T> run)
            throws IOException, InterruptedException {
        String batching = TaskBatches.problem(options.gamesPerTask, true);
        if (batching != null) {
            throw new IllegalArgumentException(batching);
        }
        System.setProperty(
                "joseki.log.level", "WARN"); // worker logs would garble the progress line
        try (KafkaConnection conn = KafkaConnection.open(kafka, err)) {
            String line = announcement.apply(conn.isEmbedded());
            if (line != null) {
                err.println(line);
                err.flush();
            }
            Topics topics = kafka.topics();
            topics.ensure(conn.settings);
            int cores = Runtime.getRuntime().availableProcessors();
            Integer slots = options.concurrency;
            if (conn.isEmbedded()) {
                // Clocked games get the slots that fit unless told otherwise; node limits one per
                // core.
                if (slots == null && CoreCapacity.anyClocked(players)) {
                    slots = CoreCapacity.gamesThatFit(players, cores);
                }
                int games = slots != null ? slots : cores;
                checkCores(players, games, cores);
                concurrencyUsed = new Concurrency(games, CoreCapacity.coresPerGame(players), cores);
            } else {
                concurrencyUsed = new Concurrency(0, CoreCapacity.coresPerGame(players), cores);
            }
            Worker workers = conn.localWorkers(topics, kafka.group, slots, topics.tasks());
            if (workers == null
                    && !SelfPlayRun.awaitWorkers(
                            conn.settings, topics.tasks(), kafka.group, 1, WORKER_CHECK)) {
                err.println(
                        noWorkersNotice(
                                kafka.group,
                                topics.tasks(),
                                conn.settings.bootstrapServers(),
                                SelfPlayRun.topicsHeld(conn.settings, kafka.group)));
                err.flush();
            }
            try {
                return run.play(
                        new KafkaExecutor(
                                new KafkaExecutor.Config(
                                        conn.settings,
                                        topics,
                                        kafka.group,
                                        runId,
                                        runId,
                                        maxPlies,
                                        inFlight,
                                        IDLE_TIMEOUT,
                                        options.gamesPerTask),
                                archive));
            } finally {
                if (workers != null) {
                    workers.close();
                }
            }
        }
    }

    /**
     * The capacity rule (CoreCapacity): refuses with one line, or warns with --allow-shared-cores.
     */
    void checkCores(List<EngineSpec> players, int gamesAtOnce, int cores) {
        String problem = CoreCapacity.problem(players, gamesAtOnce, cores);
        if (problem == null) {
            return;
        }
        if (!options.sharedCores.allowed) {
            throw new IllegalArgumentException(problem);
        }
        err.println(
                "joseki: warning: "
                        + problem.replace(", or allow it with --allow-shared-cores", "")
                        + sharedCoresNote);
        err.flush();
    }

    /**
     * On a given broker the games wait for workers this process does not start; without this the
     * run would sit silent until the executor's idle time-out.
     */
    static String noWorkersNotice(
            String group, String taskTopic, String bootstrapServers, Collection<String> held) {
        return "joseki: no worker of group "
                + group
                + " holds the partitions of "
                + taskTopic
                + " on "
                + bootstrapServers
                + " yet: the games wait there until one does ("
                + KafkaConnection.elsewhere(held, taskTopic)
                + KafkaConnection.startWorkersHint(bootstrapServers, taskTopic)
                + "); with no game for "
                + IDLE_TIMEOUT.toMinutes()
                + " minutes the run stops";
    }
}
