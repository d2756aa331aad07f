package dev.joseki.cli.book;

import dev.joseki.book.builder.EvalRecording;
import dev.joseki.book.builder.MinedBook;
import dev.joseki.book.builder.MiningLoop;
import dev.joseki.book.values.BookPropagation;
import dev.joseki.book.values.Frontier;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.PerMoveEngine;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.ProgressOptions;
import dev.joseki.cli.kafka.BoardedRun;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.cli.kafka.LocalBroker;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.selfplay.ArtifactPins;
import dev.joseki.selfplay.EvalStream;
import dev.joseki.selfplay.RunBoard;
import dev.joseki.selfplay.RunRate;
import dev.joseki.selfplay.TaskPlayers;
import dev.joseki.selfplay.Worker;
import dev.joseki.tournament.OpeningSuite;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book mine}: continuous mining of an evaluated book ({@link MiningLoop}). The
 * workers are kept busy with about {@code --in-flight} positions queued ({@link EvalStream},
 * exactly once, MultiPV K) while a background thread folds what arrived into the evals table,
 * propagates the book ({@link BookPropagation}) and chooses the next frontier ({@link Frontier})
 * for each mined side: its best line from the root and the other side's replies within {@code
 * --window} of the root's best value, and at each position on the way what the book's own moves
 * without a value lead to; the root itself while it has no value. A position is evaluated at most
 * once a run.
 *
 * <p>It stops when the budget (positions, minutes) is spent or the frontier is empty (positions in
 * flight are awaited and folded). Every fold ends in a published version, so the state is the book
 * itself: a stopped or killed run is resumed by running the command again (at most what was in
 * flight is evaluated again; its records also stay on the evals topic).
 *
 * <p>stdout, per fold: {@code fold F evaluated E entries_changed C total T root_value V depth D
 * in_flight Q} (the root's propagated value after the fold; {@code none depth none} while it has
 * none); at the end {@code mined T positions in S s (P positions/hour), busy B% of W worker slots,
 * stopped: REASON}, where busy is the evaluations' own time (the records' time_ms) over W × the
 * run's wall time.
 *
 * <p>With {@code --record FILE} every evaluation is also appended to a record file as it arrives.
 * Which positions a run evaluates depends on the order evaluations arrive in, so two runs on the
 * same book mine different frontiers; the file is what makes a mined book reproducible: folding is
 * independent of order and propagation a function of the book, so the unmined book plus {@code book
 * evals --from FILE} and {@code book propagate} is the mined book's values again.
 */
@Command(
        name = "mine",
        mixinStandardHelpOptions = true,
        description = {
            "Grows an evaluated book: keeps the workers evaluating the frontier (each side's best"
                + " line and the other side's replies within a window of the root's value) while"
                + " what arrives is folded and propagated beside them."
        })
public final class BookMineCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin KafkaOptions kafka;

    @Option(
            names = "--book",
            required = true,
            paramLabel = "DIR",
            description = "The book (created when it holds none yet).")
    Path book;

    @Option(
            names = "--engine",
            paramLabel = "SPEC",
            description = "The evaluating engine (default builtin).")
    String engine;

    static final class Limit {
        @Option(
                names = "--nodes",
                paramLabel = "N",
                description = "Nodes per position (default 20000).")
        Long nodes;

        @Option(names = "--movetime", paramLabel = "MS", description = "Milliseconds per position.")
        Integer movetime;
    }

    @ArgGroup(exclusive = true)
    Limit limit;

    @Option(
            names = "--multipv",
            paramLabel = "K",
            defaultValue = "4",
            description = "Moves evaluated per position (default ${DEFAULT-VALUE}).")
    int multipv;

    @Option(
            names = "--root",
            paramLabel = "LINE",
            defaultValue = "startpos",
            description =
                    "The root: an SFEN or a USI line ('startpos moves 7g7f'); default"
                            + " ${DEFAULT-VALUE}.")
    String root;

    @Option(
            names = "--side",
            paramLabel = "SIDE",
            defaultValue = "both",
            description =
                    "The side the book is mined for: black, white or both (default"
                            + " ${DEFAULT-VALUE}).")
    String side;

    @Option(
            names = "--window",
            paramLabel = "CP",
            defaultValue = "100",
            description =
                    "Replies of the other side within this many centipawns of the root's value are"
                            + " followed (default ${DEFAULT-VALUE}).")
    int window;

    @Option(
            names = "--batch",
            paramLabel = "N",
            defaultValue = "64",
            description =
                    "Frontier positions chosen after each fold, at least --in-flight (default"
                            + " ${DEFAULT-VALUE}).")
    int batch;

    @Option(
            names = "--in-flight",
            paramLabel = "N",
            description = "Positions kept queued on the workers (default: 2 × --slots).")
    Integer inFlight;

    @Option(
            names = "--slots",
            paramLabel = "N",
            description =
                    "Worker slots evaluating, for the busy share (default: --concurrency with"
                            + " --local, else one per core of this machine).")
    Integer slots;

    @Option(
            names = "--positions",
            paramLabel = "N",
            defaultValue = "1000",
            description =
                    "Budget: stop after evaluating this many positions (default ${DEFAULT-VALUE}).")
    int budget;

    @Option(
            names = "--minutes",
            paramLabel = "M",
            defaultValue = "0",
            description = "Budget: stop after this many minutes (0: none).")
    double minutes;

    @Option(
            names = "--local",
            description = "Evaluate on an embedded broker with workers in this process.")
    boolean local;

    @Option(
            names = "--concurrency",
            paramLabel = "C",
            description = "Positions at once in local workers (default: one per core).")
    Integer concurrency;

    @Option(
            names = "--master",
            defaultValue = "local[2]",
            description = "Spark master of the folds (default ${DEFAULT-VALUE}).")
    String master;

    @Option(
            names = "--record",
            paramLabel = "FILE",
            description =
                    "Append every evaluation that arrives to FILE (length-delimited PositionEval,"
                            + " as evaluate --out writes): 'book evals --from FILE' and 'book"
                            + " propagate' give a copy of the unmined book the same values.")
    Path record;

    @Mixin ProgressOptions progress = new ProgressOptions();

    @Override
    public Integer call() throws Exception {
        System.setProperty("joseki.log.level", "WARN");
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        LocalBroker.check(local, kafka);
        if (batch < 1 || budget < 1 || multipv < 1) {
            throw new IllegalArgumentException(
                    "--batch, --positions and --multipv must be at least 1");
        }
        if ((slots != null && slots < 1) || (inFlight != null && inFlight < 1)) {
            throw new IllegalArgumentException("--slots and --in-flight must be at least 1");
        }
        if (concurrency != null && concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1");
        }
        List<Integer> sides =
                switch (side.toLowerCase(java.util.Locale.ROOT)) {
                    case "black" -> List.of(Piece.BLACK);
                    case "white" -> List.of(Piece.WHITE);
                    case "both" -> List.of(Piece.BLACK, Piece.WHITE);
                    default ->
                            throw new IllegalArgumentException(
                                    "--side must be black, white or both, not '" + side + "'");
                };
        Position rootPos = rootPosition(root);
        SearchLimit runLimit =
                limit != null && limit.movetime != null
                        ? SearchLimit.movetime(limit.movetime)
                        : SearchLimit.nodes(
                                limit != null && limit.nodes != null ? limit.nodes : 20_000);
        EngineSpec playerSpec = PerMoveEngine.EVALUATOR.parse(engine, runLimit);
        int workerSlots =
                slots != null
                        ? slots
                        : concurrency != null
                                ? concurrency
                                : Runtime.getRuntime().availableProcessors();
        int queued = inFlight != null ? inFlight : 2 * workerSlots;
        Path work = Files.createTempDirectory("joseki-mine-");
        long started = System.nanoTime();
        MiningLoop.Summary summary;
        Progress bar = progress.start(err, Progress.Unit.POSITIONS, budget);
        try (EvalRecording recording = EvalRecording.open(record, err);
                KafkaConnection conn = LocalBroker.open(local, kafka, err);
                MinedBook mined = new MinedBook(book, rootPos, sides, window, master, work)) {
            Topics topics = kafka.topics();
            topics.ensure(conn.settings);
            Player player =
                    TaskPlayers.player(new ArtifactPins(conn.settings, topics).pin(playerSpec));
            Worker workers =
                    conn.localWorkers(topics, kafka.group, concurrency, topics.evalTasks());
            try (EvalStream stream =
                    new EvalStream(
                            conn.settings,
                            topics,
                            kafka.group,
                            player,
                            TaskPlayers.limits(runLimit),
                            multipv)) {
                MiningLoop.Workers evaluators =
                        new MiningLoop.Workers() {
                            @Override
                            public void submit(List<String> sfens) {
                                stream.submit(
                                        sfens.stream()
                                                .map(
                                                        s ->
                                                                EvalPosition.newBuilder()
                                                                        .setStartSfen(s)
                                                                        .build())
                                                .toList());
                            }

                            @Override
                            public List<PositionEval> poll(Duration wait) {
                                List<PositionEval> got = stream.poll(wait);
                                recording.append(got);
                                return got;
                            }
                        };
                MiningLoop.Config config =
                        new MiningLoop.Config(
                                queued,
                                Math.max(batch, queued),
                                budget,
                                minutes > 0 ? started + (long) (minutes * 60e9) : Long.MAX_VALUE,
                                "time budget of " + minutes + " minutes",
                                Duration.ofHours(1));
                // on the runs topic for ./joseki serve: positions per hour and busy share
                BoardedRun board =
                        BoardedRun.announce(
                                conn.settings,
                                topics,
                                RunBoard.started(
                                        stream.batchId(),
                                        "mining",
                                        List.of(playerSpec),
                                        runLimit.toString(),
                                        0,
                                        budget,
                                        Instant.now()));
                try {
                    summary =
                            new MiningLoop(
                                            evaluators,
                                            mined,
                                            config,
                                            line -> {
                                                bar.clear();
                                                out.println(line);
                                                out.flush();
                                            },
                                            n -> {
                                                bar.update(n);
                                                board.progress(0, n);
                                            })
                                    .run();
                } catch (RuntimeException e) {
                    board.end(0, 0, e);
                    throw e;
                }
                board.finished(
                        board.started().toBuilder()
                                .setDonePositions(summary.evaluated())
                                .setBusyShare(summary.busyShare(workerSlots))
                                .build(),
                        summary.stopped());
            } finally {
                if (workers != null) {
                    workers.close();
                }
                bar.finish();
                deleteTree(work);
            }
        }
        double secs = summary.seconds(); // the loop alone, without starting the broker and workers
        out.printf(
                java.util.Locale.ROOT,
                "mined %d positions in %.1f s (%.0f positions/hour), busy %.0f%% of %d worker"
                        + " slots, stopped: %s%n",
                summary.evaluated(),
                secs,
                RunRate.perHour(summary.evaluated(), secs),
                100.0 * summary.busyShare(workerSlots),
                workerSlots,
                summary.stopped());
        out.flush();
        return ExitCodes.OK;
    }

    static Position rootPosition(String line) {
        List<Opening> parsed = OpeningSuite.parse(line, "--root");
        if (parsed.size() != 1) {
            throw new IllegalArgumentException(
                    "--root must be one SFEN or USI line, not '" + line + "'");
        }
        Opening o = parsed.get(0);
        Position p = o.startPosition();
        for (int m : o.moves()) {
            p.doMove(m);
        }
        return p;
    }

    private static void deleteTree(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException e) {
            // a temp directory left behind is harmless
        }
    }
}
