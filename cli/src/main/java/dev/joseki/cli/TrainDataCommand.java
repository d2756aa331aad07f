package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.GameOptions;
import dev.joseki.cli.command.PerMoveEngine;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.WaitOptions;
import dev.joseki.cli.kafka.AwaitWorkers;
import dev.joseki.cli.kafka.BoardedRun;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.cli.kafka.LocalBroker;
import dev.joseki.cli.kafka.RunWait;
import dev.joseki.cli.kafka.WorkerWatch;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.selfplay.ArtifactPins;
import dev.joseki.selfplay.RunBoard;
import dev.joseki.selfplay.RunRate;
import dev.joseki.selfplay.SelfPlayRun;
import dev.joseki.selfplay.TrainRun;
import dev.joseki.selfplay.Worker;
import dev.joseki.tournament.OpeningSuite;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.common.TopicPartition;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki train data}: enqueues training tasks ({@link TrainRun}: self-play by one teacher
 * whose searched positions are recorded with its score and move); with {@code --wait} blocks until
 * every game arrived. With {@code --local} (or with no cluster at all) it runs an embedded broker
 * and local workers and always waits.
 *
 * <p>stdout: {@code run <id> tasks <T> games <N> seed <S>}; after waiting, the summary of {@code
 * selfplay --wait} and {@code positions <P> seconds <S> positions_per_hour <R>}.
 */
@Command(
        name = "data",
        mixinStandardHelpOptions = true,
        description = {
            "Enqueues self-play games whose positions the teacher engine labels (score, best move,"
                    + " game result) on the positions topic; --wait blocks until every game"
                    + " arrived."
        })
final class TrainDataCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin KafkaOptions kafka;

    @Option(names = "--games", required = true, paramLabel = "N", description = "Number of games.")
    int games;

    static final class Limit {
        @Option(
                names = "--nodes",
                paramLabel = "K",
                description = "The teacher's nodes per move (default 10000).")
        Long nodes;

        @Option(names = "--depth", paramLabel = "D", description = "The teacher's depth per move.")
        Integer depth;
    }

    @ArgGroup(exclusive = true)
    Limit limit;

    @Option(
            names = "--engine",
            paramLabel = "SPEC",
            description =
                    "The teacher, e.g. 'builtin' (default) or 'name=x cmd=/path/engine'; a limit in"
                            + " the spec wins over --nodes/--depth.")
    String engine;

    @Mixin GameOptions.RunSeed seed;

    @Option(
            names = "--run",
            paramLabel = "NAME",
            description =
                    "The run's id, the prefix of its game and position ids (default:"
                            + " tr-<time>-<random>).")
    String runName;

    @Option(
            names = "--min-ply",
            paramLabel = "N",
            defaultValue = "16",
            description = "Record positions from move number N on (default: ${DEFAULT-VALUE}).")
    int minPly;

    @Option(
            names = "--sample-plies",
            paramLabel = "N",
            defaultValue = "8",
            description =
                    "Plies after the opening drawn among the teacher's near-best moves (MultiPV;"
                            + " 0: off; default: ${DEFAULT-VALUE}); not recorded.")
    int samplePlies;

    @Mixin GameOptions.SampleWindow sampleWindow;

    @Option(
            names = "--random-plies",
            paramLabel = "P",
            defaultValue = "0",
            description =
                    "Uniformly random plies after the opening line (default: ${DEFAULT-VALUE}).")
    int randomPlies;

    @Mixin GameOptions.Openings openings;

    @Mixin GameOptions.MaxPlies maxPlies;

    @Option(
            names = "--await-workers",
            paramLabel = "N",
            defaultValue = "0",
            description =
                    "Before publishing, wait up to 5 minutes until N workers hold the training task"
                            + " partitions, so tasks spread evenly over them.")
    int awaitWorkers;

    @Option(names = "--wait", description = "Block until every game arrived.")
    boolean await;

    @Mixin LocalBroker broker;

    @Option(
            names = "--concurrency",
            paramLabel = "C",
            description =
                    "Games at once in the local workers of an embedded run (default: one per"
                            + " core).")
    Integer concurrency;

    @Mixin WaitOptions waiting;

    @Override
    public Integer call() throws Exception {
        System.setProperty("joseki.log.level", "WARN"); // worker logs would garble the progress bar
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        broker.check(kafka);
        TrainRun.Spec trainSpec = runSpec();
        String id = runId(); // a bad --run is refused before a broker is started
        try (KafkaConnection conn = broker.open(kafka, err)) {
            Topics topics = kafka.topics();
            topics.ensure(conn.settings);
            TrainRun run =
                    new TrainRun(id, trainSpec.pinned(new ArtifactPins(conn.settings, topics)));
            Worker workers =
                    conn.localWorkers(topics, kafka.group, concurrency, topics.trainTasks());
            try {
                if (awaitWorkers > 0) {
                    AwaitWorkers.await(conn, topics.trainTasks(), kafka.group, awaitWorkers, err);
                }
                Map<TopicPartition, Long> from = TrainRun.gamesEnd(conn.settings, topics);
                long started = System.nanoTime();
                Instant startedAt = Instant.now();
                run.publish(conn.settings, topics, kafka.group);
                SelfPlayRun.Spec games0 = run.spec().games();
                BoardedRun board =
                        BoardedRun.announce(
                                conn.settings,
                                topics,
                                RunBoard.started(
                                        run.runId(),
                                        "train-data",
                                        games0.seats(),
                                        SelfPlayCommand.limitText(games0),
                                        games,
                                        0,
                                        startedAt));
                out.println(
                        "run "
                                + run.runId()
                                + " tasks "
                                + run.tasks().size()
                                + " games "
                                + games
                                + " seed "
                                + run.spec().games().seed());
                out.flush();
                if (!await && !conn.isEmbedded()) {
                    return ExitCodes.OK;
                }
                Map<String, GameRecord> got =
                        RunWait.await(
                                board,
                                run::await,
                                from,
                                waiting.timeout(),
                                waiting.progress(err, Progress.Unit.GAMES, games),
                                WorkerWatch.of(conn, topics.trainTasks(), kafka.group, List.of()),
                                // a stopped or failed run's positions are not counted (its games
                                // are)
                                (recorded, records) ->
                                        new RunWait.Done(
                                                recorded,
                                                records == null ? 0 : positions(records, minPly)));
                double secs = (System.nanoTime() - started) / 1e9;
                SelfPlaySummary.print(out, got, secs);
                long positions = positions(got, minPly);
                out.printf(
                        java.util.Locale.ROOT,
                        "positions %d seconds %.1f positions_per_hour %.0f%n",
                        positions,
                        secs,
                        RunRate.perHour(positions, secs));
                out.flush();
                return got.size() == games ? ExitCodes.OK : ExitCodes.FAILURE;
            } finally {
                if (workers != null) {
                    workers.close();
                }
            }
        }
    }

    /** The training positions of {@code got}'s games (TrainRun.positionsOf). */
    private static long positions(Map<String, GameRecord> got, int minPly) {
        long positions = 0;
        for (GameRecord g : got.values()) {
            positions += TrainRun.positionsOf(g, minPly);
        }
        return positions;
    }

    private String runId() {
        if (runName == null) {
            return TrainRun.newRunId();
        }
        if (!runName.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new IllegalArgumentException(
                    "--run: a name of 1 to 64 letters, digits, '.', '_' or '-', got '"
                            + runName
                            + "'");
        }
        return runName;
    }

    private TrainRun.Spec runSpec() throws java.io.IOException {
        if (games < 1
                || maxPlies.maxPlies < 1
                || minPly < 0
                || samplePlies < 0
                || sampleWindow.sampleWindow < 0) {
            throw new IllegalArgumentException(
                    "--games and --max-plies must be positive; --min-ply, --sample-plies and"
                            + " --sample-window not negative");
        }
        if (randomPlies < 0) {
            throw new IllegalArgumentException("--random-plies must not be negative");
        }
        SearchLimit runLimit =
                limit != null && limit.depth != null
                        ? SearchLimit.depth(limit.depth)
                        : SearchLimit.nodes(
                                limit != null && limit.nodes != null ? limit.nodes : 10_000);
        EngineSpec teacher = PerMoveEngine.TEACHER.parse(engine, runLimit);
        long s = seed.orRandom();
        Sampling sampling =
                samplePlies == 0
                        ? Sampling.OFF
                        : new Sampling(
                                samplePlies, sampleWindow.sampleWindow, Sampling.DEFAULT.lines());
        OpeningSuite suite =
                openings.openings == null
                        ? OpeningSuite.shipped(s)
                        : OpeningSuite.of(OpeningSuite.read(openings.openings), "sequential", s);
        return new TrainRun.Spec(
                new SelfPlayRun.Spec(
                        games,
                        runLimit,
                        null,
                        randomPlies,
                        s,
                        teacher,
                        teacher,
                        maxPlies.maxPlies,
                        suite,
                        sampling),
                minPly);
    }
}
