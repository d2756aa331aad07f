package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.PerMoveEngine;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.WaitOptions;
import dev.joseki.cli.kafka.BoardedRun;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.cli.kafka.LocalBroker;
import dev.joseki.cli.kafka.RunWait;
import dev.joseki.cli.kafka.WorkerWatch;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.PositionEvals;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.selfplay.ArtifactPins;
import dev.joseki.selfplay.EvalRun;
import dev.joseki.selfplay.RunBoard;
import dev.joseki.selfplay.RunRate;
import dev.joseki.selfplay.Worker;
import dev.joseki.tournament.OpeningSuite;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
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
 * {@code ./joseki evaluate}: enqueues eval tasks for the workers ({@link EvalRun}); with {@code
 * --wait} blocks until every position has its PositionEval record. With {@code --local} (or with no
 * cluster at all) it runs an embedded broker and local workers and always waits.
 *
 * <p>stdout: {@code batch <id> tasks <T> positions <N>}; after waiting, {@code evaluated <N>
 * seconds <S> positions_per_hour <P> mean_depth <D> mean_nodes <K> without_moves <W>} and, with
 * {@code --out}, {@code wrote <N> evals to <FILE>}.
 */
@Command(
        name = "evaluate",
        mixinStandardHelpOptions = true,
        description = {
            "Enqueues position evaluations for the workers (built-in or USI engine, MultiPV K);"
                    + " --wait blocks until every PositionEval record arrived on the evals topic."
        })
final class EvaluateCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin KafkaOptions kafka;

    @Option(
            names = "--positions",
            required = true,
            paramLabel = "FILE",
            description =
                    "One position per line: an SFEN, or a USI line ('startpos moves ...', 'position"
                            + " sfen ... moves ...'); # comments.")
    Path positionsFile;

    @Option(
            names = "--engine",
            paramLabel = "SPEC",
            description =
                    "The engine, e.g. 'builtin' (default) or 'name=x cmd=/path/engine'; a limit in"
                            + " the spec wins over --nodes/--movetime.")
    String engine;

    static final class Limit {
        @Option(
                names = "--nodes",
                paramLabel = "N",
                description = "Nodes per position (default 10000).")
        Long nodes;

        @Option(names = "--movetime", paramLabel = "MS", description = "Milliseconds per position.")
        Integer movetime;
    }

    @ArgGroup(exclusive = true)
    Limit limit;

    @Option(
            names = "--multipv",
            paramLabel = "K",
            defaultValue = "1",
            description = "Best moves evaluated per position (default: ${DEFAULT-VALUE}).")
    int multipv;

    @Option(
            names = "--per-task",
            paramLabel = "N",
            defaultValue = "4",
            description =
                    "Positions per eval task: the work a worker redoes after a crash (default:"
                            + " ${DEFAULT-VALUE}).")
    int perTask;

    @Option(names = "--wait", description = "Block until every position is evaluated.")
    boolean await;

    @Mixin LocalBroker broker;

    @Option(
            names = "--concurrency",
            paramLabel = "C",
            description =
                    "Positions at once in the local workers of an embedded run (default: one per"
                            + " core).")
    Integer concurrency;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description =
                    "With --wait: write the records to FILE (length-delimited PositionEval, for"
                            + " 'book evals --from').")
    Path outFile;

    @Mixin WaitOptions waiting;

    @Override
    public Integer call() throws Exception {
        System.setProperty("joseki.log.level", "WARN"); // worker logs would garble the progress bar
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        broker.check(kafka);
        EvalRun.Spec evalSpec = runSpec();
        try (KafkaConnection conn = broker.open(kafka, err)) {
            if (outFile != null && !await && !conn.isEmbedded()) {
                throw new IllegalArgumentException(
                        "--out needs --wait (the records are written once they arrived)");
            }
            Topics topics = kafka.topics();
            topics.ensure(conn.settings);
            EvalRun run =
                    new EvalRun(
                            EvalRun.newBatchId(),
                            evalSpec.pinned(new ArtifactPins(conn.settings, topics)));
            Worker workers =
                    conn.localWorkers(topics, kafka.group, concurrency, topics.evalTasks());
            try {
                Map<TopicPartition, Long> from = EvalRun.evalsEnd(conn.settings, topics);
                long started = System.nanoTime();
                Instant startedAt = Instant.now();
                run.publish(conn.settings, topics, kafka.group);
                int n = run.spec().positions().size();
                BoardedRun board =
                        BoardedRun.announce(
                                conn.settings,
                                topics,
                                RunBoard.started(
                                        run.batchId(),
                                        "evaluate",
                                        List.of(run.spec().engine()),
                                        run.spec().limit() == null
                                                ? ""
                                                : run.spec().limit().toString(),
                                        0,
                                        n,
                                        startedAt));
                out.println(
                        "batch "
                                + run.batchId()
                                + " tasks "
                                + run.tasks().size()
                                + " positions "
                                + n);
                out.flush();
                if (!await && !conn.isEmbedded()) {
                    return ExitCodes.OK;
                }
                Map<String, PositionEval> got =
                        RunWait.await(
                                board,
                                run::await,
                                from,
                                waiting.timeout(),
                                waiting.progress(err, Progress.Unit.POSITIONS, n),
                                WorkerWatch.of(conn, topics.evalTasks(), kafka.group, List.of()),
                                (recorded, evals) -> new RunWait.Done(0, recorded));
                summarize(out, new ArrayList<>(got.values()), (System.nanoTime() - started) / 1e9);
                if (outFile != null) {
                    try (OutputStream o = Files.newOutputStream(outFile)) {
                        PositionEvals.write(o, got.values());
                    }
                    out.println("wrote " + got.size() + " evals to " + outFile);
                    out.flush();
                }
                return got.size() == n ? ExitCodes.OK : ExitCodes.FAILURE;
            } finally {
                if (workers != null) {
                    workers.close();
                }
            }
        }
    }

    private EvalRun.Spec runSpec() throws java.io.IOException {
        SearchLimit runLimit =
                limit != null && limit.movetime != null
                        ? SearchLimit.movetime(limit.movetime)
                        : SearchLimit.nodes(
                                limit != null && limit.nodes != null ? limit.nodes : 10_000);
        EngineSpec player = PerMoveEngine.EVALUATOR.parse(engine, runLimit);
        if (perTask < 1) {
            throw new IllegalArgumentException("--per-task must be at least 1");
        }
        List<EvalPosition> positions =
                OpeningSuite.read(positionsFile).stream().map(EvalRun::position).toList();
        return new EvalRun.Spec(positions, player, runLimit, multipv, perTask);
    }

    private static void summarize(PrintWriter out, List<PositionEval> got, double secs) {
        long depth = 0, nodes = 0, scored = 0, without = 0;
        for (PositionEval e : got) {
            if (e.getMovesCount() == 0) {
                without++;
                continue;
            }
            depth += e.getMoves(0).getDepth();
            nodes += e.getMoves(0).getNodes();
            scored++;
        }
        out.printf(
                java.util.Locale.ROOT,
                "evaluated %d seconds %.1f positions_per_hour %.0f mean_depth %.1f mean_nodes %.0f"
                        + " without_moves %d%n",
                got.size(),
                secs,
                RunRate.perHour(got.size(), secs),
                scored == 0 ? 0.0 : (double) depth / scored,
                scored == 0 ? 0.0 : (double) nodes / scored,
                without);
        out.flush();
    }
}
