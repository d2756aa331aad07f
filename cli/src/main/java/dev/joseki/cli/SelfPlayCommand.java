package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.GameOptions;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.ShutdownHooks;
import dev.joseki.cli.command.WaitOptions;
import dev.joseki.cli.kafka.AwaitWorkers;
import dev.joseki.cli.kafka.BoardedRun;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.cli.kafka.RunWait;
import dev.joseki.cli.kafka.WorkerWatch;
import dev.joseki.cli.placement.SharedCoresOption;
import dev.joseki.kafka.Topics;
import dev.joseki.play.CoreCapacity;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.selfplay.ArtifactPins;
import dev.joseki.selfplay.PlayerFactory;
import dev.joseki.selfplay.RunBoard;
import dev.joseki.selfplay.RunFiles;
import dev.joseki.selfplay.SelfPlayRun;
import dev.joseki.selfplay.TaskBatches;
import dev.joseki.selfplay.Worker;
import dev.joseki.tournament.OpeningSuite;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.TopicPartition;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki selfplay}: enqueues self-play tasks; with {@code --wait} blocks until every
 * record arrived. Without a cluster it runs everything embedded (broker + local workers) and always
 * waits.
 *
 * <p>stdout: {@code run <id> tasks <T> games <N> seed <S>}; after waiting, {@code games <N>
 * black_win <B> white_win <W> draw <D> seconds <S> games_per_hour <G> mean_plies <P>}, {@code
 * terminations <id>=<count> ...}, {@code distinct <D> duplicates <K>} and, with {@code --out},
 * {@code wrote <N> games to <DIR>}.
 */
@Command(
        name = "selfplay",
        mixinStandardHelpOptions = true,
        description =
                "Enqueues engine-vs-engine games for the workers; --wait blocks until all records"
                        + " arrived.")
final class SelfPlayCommand implements Callable<Integer> {
    /**
     * How long --await-workers waits silently, and in all; the latter is also how long --wait waits
     * with no worker holding the task partitions.
     */
    static final Duration WORKERS_NOTICE = AwaitWorkers.NOTICE, WORKERS_LIMIT = AwaitWorkers.LIMIT;

    @Spec CommandSpec spec;

    @Mixin KafkaOptions kafka;

    @Option(names = "--games", required = true, paramLabel = "N", description = "Number of games.")
    int games;

    /**
     * Not GameOptions.Clock: self-play's --tc is one of three exclusive limits (picocli refuses two
     * of them), and its --time-margin below always has a value.
     */
    static final class Limit {
        @Option(
                names = "--nodes",
                paramLabel = "K",
                description = "Nodes per move (default 10000).")
        Long nodes;

        @Option(names = "--movetime", paramLabel = "MS", description = "Milliseconds per move.")
        Integer movetime;

        @Option(
                names = "--tc",
                paramLabel = "TC",
                description =
                        "A clock instead: MAIN[+INC] seconds [byoyomi=MS], e.g. 10+0.1"
                                + " (docs/time-controls.md).")
        String tc;
    }

    @Option(
            names = "--time-margin",
            paramLabel = "MS",
            description =
                    "With --tc: how far past its clock a move may end before it loses on time"
                            + " (default ${DEFAULT-VALUE}).")
    long timeMargin = TimeControl.DEFAULT_MARGIN_MS;

    @Mixin SharedCoresOption sharedCores;

    @ArgGroup(exclusive = true)
    Limit limit;

    @Option(
            names = "--random-plies",
            paramLabel = "P",
            defaultValue = "0",
            description =
                    "Uniformly random legal plies after the opening line (default:"
                            + " ${DEFAULT-VALUE}); book build does not count them.")
    int randomPlies;

    // Not GameOptions.SamplePlies: self-play samples by default (Sampling.DEFAULT), where matches
    // between engines play the engines' own moves unless asked.
    @Option(
            names = "--sample-plies",
            paramLabel = "N",
            description =
                    "Plies after the opening drawn among the engine's near-best moves (MultiPV 4;"
                            + " 0: off; default: ${DEFAULT-VALUE}).")
    int samplePlies = Sampling.DEFAULT.plies();

    @Mixin GameOptions.SampleWindow sampleWindow;

    /** Each task starts from the next opening, then plays --random-plies random plies. */
    @Mixin GameOptions.Openings openings;

    @Option(
            names = "--openings-order",
            paramLabel = "ORDER",
            defaultValue = "sequential",
            description =
                    "Order of --openings FILE: sequential (file order, cycling) or random (shuffled"
                            + " per cycle from --seed) (default: ${DEFAULT-VALUE}).")
    String openingsOrder;

    @Mixin GameOptions.RunSeed seed;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description =
                    "With --wait: write the games to DIR/games.usi (one per line, from the true"
                            + " start) and DIR/csa/.")
    java.nio.file.Path outDir;

    @Option(
            names = "--engine",
            paramLabel = "SPEC",
            description = {
                "Player, e.g. 'name=base builtin nodes=20000' or 'name=x cmd=/path/engine"
                        + " movetime=200'.",
                "None: the built-in engine against itself; one: that engine against itself; two:"
                        + " the first plays Black in the first game of each colour-swapped pair."
            })
    List<String> engines = new ArrayList<>();

    @Mixin GameOptions.MaxPlies maxPlies;

    @Option(
            names = "--games-per-task",
            paramLabel = "N",
            defaultValue = "1",
            description =
                    "Games a worker task carries, committed together (default: ${DEFAULT-VALUE});"
                            + " with two engines 1 or even (a colour-swapped pair stays in one"
                            + " task). More games a task cost the broker less per game; a worker"
                            + " killed mid-task replays all of them.")
    int gamesPerTask;

    @Option(names = "--wait", description = "Block until all game records arrived.")
    boolean await;

    @Mixin WaitOptions waiting;

    @Option(
            names = "--concurrency",
            paramLabel = "C",
            description =
                    "Games at once in the local workers of an embedded run (default: one per"
                            + " core).")
    Integer concurrency;

    @Option(
            names = "--await-workers",
            paramLabel = "N",
            defaultValue = "0",
            description =
                    "Before publishing, wait until N workers hold the task partitions, so tasks"
                            + " spread evenly over them.")
    int awaitWorkers;

    /**
     * Worker processes started for this run by another command (the demo), as {@code PID=LOG}: when
     * all have exited, --wait fails naming their logs instead of waiting for ever.
     */
    @Option(names = "--watch-worker", paramLabel = "PID=LOG", hidden = true)
    List<String> watchWorkers = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        // Worker logs would garble the progress bar of an embedded run.
        System.setProperty("joseki.log.level", "WARN");
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SelfPlayRun.Spec runSpec = runSpec();
        boolean needsBuiltin = runSpec.black().builtin() || runSpec.white().builtin();
        if (needsBuiltin && !PlayerFactory.standard().builtinAvailable()) {
            throw new IllegalArgumentException(
                    "the built-in engine is not part of this build yet; "
                            + "give external engines with --engine 'cmd=PATH ...'");
        }
        // before any broker: a bad batch size is a usage error however the broker is
        String batchProblem =
                TaskBatches.problem(gamesPerTask, !runSpec.black().equals(runSpec.white()));
        if (batchProblem != null) {
            throw new IllegalArgumentException(batchProblem);
        }
        List<WorkerWatch.Child> children =
                watchWorkers.stream().map(WorkerWatch.Child::parse).toList();
        try (KafkaConnection conn = KafkaConnection.open(kafka, err)) {
            if (outDir != null && !await && !conn.isEmbedded()) {
                throw new IllegalArgumentException(
                        "--out needs --wait (the games are written once they arrived)");
            }
            Topics topics = kafka.topics();
            topics.ensure(conn.settings);
            SelfPlayRun run =
                    new SelfPlayRun(
                            SelfPlayRun.newRunId(),
                            runSpec.pinned(new ArtifactPins(conn.settings, topics)),
                            gamesPerTask);
            Integer slots = concurrency;
            if (conn.isEmbedded()) {
                slots = clockedSlots(runSpec, err);
            }
            Worker local = conn.localWorkers(topics, kafka.group, slots, topics.tasks());
            if (awaitWorkers > 0) {
                AwaitWorkers.await(conn, topics.tasks(), kafka.group, awaitWorkers, err);
            }
            try {
                Map<TopicPartition, Long> from = SelfPlayRun.gamesEnd(conn.settings, topics);
                long started = System.nanoTime();
                Instant startedAt = Instant.now();
                run.publish(conn.settings, topics, kafka.group);
                BoardedRun board =
                        BoardedRun.announce(
                                conn.settings,
                                topics,
                                RunBoard.started(
                                        run.runId(),
                                        "selfplay",
                                        runSpec.seats(),
                                        limitText(runSpec),
                                        games,
                                        0,
                                        startedAt));
                boolean waits = await || conn.isEmbedded();
                AtomicInteger recorded = new AtomicInteger();
                // Ctrl-C while waiting: say what happens to the games not yet played. The hook is
                // in place before the run line is printed, so a caller that signals as soon as it
                // reads the line (as scripts and the tests do) always gets the notice.
                Thread onCtrlC = null;
                if (waits) {
                    QueuedGamesNotice notice =
                            new QueuedGamesNotice(
                                    run.runId(),
                                    games,
                                    conn.settings.bootstrapServers(),
                                    topics,
                                    kafka.group,
                                    conn.isEmbedded());
                    onCtrlC =
                            new Thread(
                                    () -> {
                                        err.println();
                                        err.println(notice.text(recorded.get()));
                                        err.flush();
                                    },
                                    "selfplay-interrupted");
                    Runtime.getRuntime().addShutdownHook(onCtrlC);
                }
                out.println(
                        "run "
                                + run.runId()
                                + " tasks "
                                + run.tasks().size()
                                + " games "
                                + games
                                + " seed "
                                + runSpec.seed());
                out.flush();
                if (!waits) {
                    return ExitCodes.OK;
                }
                Thread hook = onCtrlC;
                Map<String, GameRecord> got =
                        RunWait.await(
                                board,
                                (k, t, f, count, timeout, stalled) -> {
                                    try {
                                        return run.await(
                                                k,
                                                t,
                                                f,
                                                n -> {
                                                    recorded.set(n); // for the Ctrl-C notice
                                                    count.accept(n);
                                                },
                                                timeout,
                                                stalled);
                                    } finally {
                                        ShutdownHooks.remove(hook); // the wait is over
                                    }
                                },
                                from,
                                waiting.timeout(),
                                waiting.progress(err, Progress.Unit.GAMES, games),
                                WorkerWatch.of(conn, topics.tasks(), kafka.group, children),
                                (n, records) -> new RunWait.Done(n, 0));
                double secs = (System.nanoTime() - started) / 1e9;
                SelfPlaySummary.print(out, got, secs);
                if (outDir != null) {
                    out.println(
                            "wrote "
                                    + RunFiles.write(outDir, got.values())
                                    + " games to "
                                    + outDir);
                    out.flush();
                }
                return got.size() == games ? ExitCodes.OK : ExitCodes.FAILURE;
            } finally {
                if (local != null) {
                    local.close();
                }
            }
        }
    }

    /**
     * Games at once in the embedded workers: with a clock, the games that fit in the cores
     * (CoreCapacity), refused in one line when --concurrency asks for more (a warning with
     * --allow-shared-cores).
     */
    private Integer clockedSlots(SelfPlayRun.Spec run, PrintWriter err) {
        List<EngineSpec> players = run.seats();
        if (!CoreCapacity.anyClocked(players)) {
            return concurrency;
        }
        int cores = Runtime.getRuntime().availableProcessors();
        int games = concurrency != null ? concurrency : CoreCapacity.gamesThatFit(players, cores);
        String problem = CoreCapacity.problem(players, games, cores);
        if (problem != null && !sharedCores.allowed) {
            throw new IllegalArgumentException(problem);
        } else if (problem != null) {
            err.println("joseki: warning: " + problem + " (allowed: time losses are not fair)");
            err.flush();
        }
        return games;
    }

    /** The run's clock or per-move limit as the runs page shows it ("10+0.1", "nodes=10000"). */
    static String limitText(SelfPlayRun.Spec run) {
        return run.clock() != null ? run.clock().toString() : run.limit().toString();
    }

    private SelfPlayRun.Spec runSpec() throws java.io.IOException {
        if (timeMargin < 0) {
            throw new IllegalArgumentException(
                    "--time-margin must not be negative, got " + timeMargin);
        }
        TimeControl clock =
                limit != null && limit.tc != null
                        ? TimeControl.parseOption("--tc", limit.tc, timeMargin)
                        : null;
        SearchLimit runLimit =
                limit != null && limit.movetime != null
                        ? SearchLimit.movetime(limit.movetime)
                        : SearchLimit.nodes(
                                limit != null && limit.nodes != null ? limit.nodes : 10_000);
        if (engines.size() > 2) {
            throw new IllegalArgumentException("at most two --engine");
        }
        EngineSpec builtin = EngineSpec.builtin("joseki", null);
        EngineSpec black =
                engines.isEmpty() ? builtin : player(engines, 0, runLimit, clock != null);
        EngineSpec white = engines.size() < 2 ? black : player(engines, 1, runLimit, clock != null);
        if (games < 1
                || randomPlies < 0
                || maxPlies.maxPlies < 1
                || samplePlies < 0
                || sampleWindow.sampleWindow < 0) {
            throw new IllegalArgumentException(
                    "--games and --max-plies must be positive; --random-plies, --sample-plies and"
                            + " --sample-window not negative");
        }
        long s = seed.orRandom();
        Sampling sampling =
                samplePlies == 0
                        ? Sampling.OFF
                        : new Sampling(
                                samplePlies, sampleWindow.sampleWindow, Sampling.DEFAULT.lines());
        return new SelfPlayRun.Spec(
                games,
                clock != null ? null : runLimit,
                clock,
                randomPlies,
                s,
                black,
                white,
                maxPlies.maxPlies,
                openings(s),
                sampling);
    }

    /**
     * A player of the one spec grammar; without a limit of its own it plays the run's (a time-out
     * needs one to go with). Of two --engine options, an error names which one.
     */
    private static EngineSpec player(
            List<String> engines, int i, SearchLimit runLimit, boolean runClocked) {
        EngineSpec s =
                engines.size() > 1
                        ? EngineSpec.parse(engines.get(i), i + 1)
                        : EngineSpec.parse(engines.get(i));
        return s.timeoutMs() > 0 && !runClocked ? s.withDefaultLimit(runLimit) : s;
    }

    private OpeningSuite openings(long s) throws java.io.IOException {
        if (openings.openings == null) {
            return OpeningSuite.shipped(s);
        }
        return OpeningSuite.of(OpeningSuite.read(openings.openings), openingsOrder, s);
    }
}
