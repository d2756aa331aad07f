package dev.joseki.cli;

import dev.joseki.book.FullKey;
import dev.joseki.book.builder.EvalFold;
import dev.joseki.book.store.RocksBook;
import dev.joseki.book.values.BookPropagation;
import dev.joseki.book.values.Frontier;
import dev.joseki.book.values.ValueDepth;
import dev.joseki.kafka.Topics;
import dev.joseki.notation.Sfen;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.PositionEvals;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.selfplay.EvalRun;
import dev.joseki.selfplay.PlayerFactory;
import dev.joseki.selfplay.TaskPlayers;
import dev.joseki.selfplay.Worker;
import dev.joseki.tournament.OpeningSuite;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book mine}: the mining loop over an evaluated book, one round at a time:
 *
 * <ol>
 *   <li>propagate the book ({@link BookPropagation}: a new version with min-max values);
 *   <li>choose the frontier ({@link Frontier}) for each mined side: its best line from the root and
 *       the other side's replies within {@code --window} of the root's best value, and at each
 *       position on the way what the book's own moves without a value lead to; the root itself
 *       while it has no value;
 *   <li>evaluate those positions on the workers ({@link EvalRun}, exactly once, MultiPV K);
 *   <li>fold the records into the book's evals table ({@link EvalFold}: a new version); an
 *       evaluated frontier position becomes a book node, so the next propagation extends the lines
 *       through it.
 * </ol>
 *
 * It stops when the budget (positions, minutes) is spent or the frontier is empty. Every round ends
 * in a published version, so the state is the book itself: a stopped or killed run is resumed by
 * running the command again (at most the round in flight is evaluated again; its records also stay
 * on the evals topic for {@code book evals --from-kafka}).
 *
 * <p>stdout, per round: {@code round R frontier F evaluated E entries_changed C total T root_value
 * V depth D} (the root's propagated value before the round; {@code none} before the first); at the
 * end {@code mined T positions in S s (P positions/hour), stopped: REASON}.
 */
@Command(
        name = "mine",
        mixinStandardHelpOptions = true,
        description = {
            "Grows an evaluated book: propagate, choose the frontier (each side's best line and"
                    + " the",
            "other side's replies within a window of the root's value), evaluate it on the workers,"
                    + " fold, repeat."
        })
final class BookMineCommand implements Callable<Integer> {
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

    @Option(
            names = "--nodes",
            paramLabel = "N",
            defaultValue = "20000",
            description = "Nodes per position (default ${DEFAULT-VALUE}).")
    long nodes;

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
            description = "Frontier positions per round (default ${DEFAULT-VALUE}).")
    int batch;

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
            names = "--progress",
            description = "Show the progress bar even when stderr is not a terminal.")
    boolean progress;

    @Override
    public Integer call() throws Exception {
        System.setProperty("joseki.log.level", "WARN");
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (local && kafka.bootstrapServers != null) {
            throw new IllegalArgumentException(
                    "--local runs its own broker: give --local or --bootstrap-servers, not both");
        }
        if (batch < 1 || budget < 1 || multipv < 1) {
            throw new IllegalArgumentException(
                    "--batch, --positions and --multipv must be at least 1");
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
        Player player = player();
        Path work = Files.createTempDirectory("joseki-mine-");
        long started = System.nanoTime();
        long deadline = minutes > 0 ? started + (long) (minutes * 60e9) : Long.MAX_VALUE;
        int total = 0, round = 0;
        String stopped = "budget of " + budget + " positions";
        ProgressBar bar = new ProgressBar(err, progress || ProgressBar.stderrIsTerminal(), budget);
        try (KafkaConnection conn =
                local
                        ? KafkaConnection.openEmbedded(kafka, err)
                        : KafkaConnection.open(kafka, err)) {
            Topics topics = kafka.topics();
            topics.ensure(conn.settings);
            Worker workers =
                    conn.localWorkers(topics, kafka.group, concurrency, topics.evalTasks());
            try {
                while (total < budget) {
                    if (System.nanoTime() > deadline) {
                        stopped = "time budget of " + minutes + " minutes";
                        break;
                    }
                    round++;
                    // 1. propagate (nothing to propagate before the first evaluation)
                    String rootValue = "none";
                    if (hasBook(book)) {
                        int vd = BookPropagation.run(book, 1, FullKey.of(rootPos)).rootValue();
                        rootValue =
                                vd == ValueDepth.UNKNOWN
                                        ? "none"
                                        : ValueDepth.value(vd) + " depth " + ValueDepth.depth(vd);
                    }
                    // 2. the frontier
                    List<Position> targets =
                            frontier(rootPos, sides, Math.min(batch, budget - total));
                    if (targets.isEmpty()) {
                        stopped = "empty frontier";
                        break;
                    }
                    // 3. evaluate on the workers
                    List<EvalPosition> positions = targets.stream().map(EvalRun::position).toList();
                    EvalRun run =
                            new EvalRun(
                                    EvalRun.newBatchId(),
                                    new EvalRun.Spec(
                                            positions,
                                            player,
                                            TaskPlayers.limits(SearchLimit.nodes(nodes)),
                                            multipv,
                                            4));
                    final int before = total;
                    List<PositionEval> got =
                            run.evaluate(
                                    conn.settings,
                                    topics,
                                    kafka.group,
                                    done -> bar.update(before + done),
                                    Duration.ofHours(24));
                    // 4. fold into the book
                    Path file = work.resolve("round-" + round + ".evals");
                    try (OutputStream o = Files.newOutputStream(file)) {
                        PositionEvals.write(o, got);
                    }
                    EvalFold.Report r =
                            EvalFold.run(
                                    master, book, new EvalFold.Inputs(null, null, List.of(file)));
                    total += got.size();
                    bar.update(total);
                    out.println(
                            "round "
                                    + round
                                    + " frontier "
                                    + targets.size()
                                    + " evaluated "
                                    + got.size()
                                    + " entries_changed "
                                    + r.changed()
                                    + " total "
                                    + total
                                    + " root_value "
                                    + rootValue);
                    out.flush();
                }
                if (hasBook(book)) {
                    BookPropagation.run(
                            book, 1, FullKey.of(rootPos)); // the last round's evals take part too
                }
            } finally {
                if (workers != null) {
                    workers.close();
                }
                bar.finish();
                deleteTree(work);
            }
        }
        double secs = (System.nanoTime() - started) / 1e9;
        out.printf(
                java.util.Locale.ROOT,
                "mined %d positions in %.1f s (%.0f positions/hour), stopped: %s%n",
                total,
                secs,
                total * 3600 / Math.max(secs, 1e-9),
                stopped);
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * The frontier of every mined side, in side order, without repeats; the root while it has no
     * value.
     */
    private List<Position> frontier(Position rootPos, List<Integer> sides, int limit) {
        if (!hasBook(book)) {
            return List.of(rootPos.copy());
        }
        Map<String, Position> chosen = new LinkedHashMap<>();
        try (RocksBook b = RocksBook.open(book)) {
            if (b.of(FullKey.of(rootPos)).isEmpty()) {
                return List.of(rootPos.copy());
            }
            // each side gets an equal share of the round; the last one also what the others left
            int share = Math.max(1, limit / sides.size());
            for (int i = 0; i < sides.size(); i++) {
                int cap = i == sides.size() - 1 ? limit : Math.min(limit, chosen.size() + share);
                for (Frontier.Target t :
                        Frontier.select(
                                b, p -> bookMoves(b, p), rootPos, sides.get(i), window, limit)) {
                    if (chosen.size() >= cap) {
                        break;
                    }
                    chosen.putIfAbsent(t.sfen(), Sfen.parse(t.sfen()));
                }
            }
        }
        return new ArrayList<>(chosen.values());
    }

    /** The full-index moves of p, most played first. */
    private static int[] bookMoves(RocksBook b, Position p) {
        return b
                .probe(p, java.util.EnumSet.of(dev.joseki.book.BookLayout.Index.FULL))
                .full()
                .stream()
                .sorted(
                        java.util.Comparator.comparingLong(
                                (dev.joseki.book.ProbeResult.FullMove f) -> -f.stats().count()))
                .mapToInt(dev.joseki.book.ProbeResult.FullMove::move16)
                .toArray();
    }

    private static boolean hasBook(Path dir) {
        return dev.joseki.book.store.BookVersions.current(dir) != null;
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

    private Player player() {
        EngineSpec e = EngineSpec.parse(engine == null ? "builtin" : engine);
        if (e.clocked()) {
            throw new IllegalArgumentException(
                    "--engine: tc= is a clock for games; an evaluation takes a per-move limit"
                            + " (nodes=, depth=, movetime=)");
        }
        if (e.builtin() && !PlayerFactory.standard().builtinAvailable()) {
            throw new IllegalArgumentException(
                    "the built-in engine is not part of this build; give --engine 'cmd=PATH ...'");
        }
        return TaskPlayers.player(
                e.timeoutMs() > 0 ? e.withDefaultLimit(SearchLimit.nodes(nodes)) : e);
    }

    private static void deleteTree(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException e) {
            // a temp directory left behind is harmless
        }
    }
}
