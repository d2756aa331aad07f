package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.GameOptions;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.ProgressOptions;
import dev.joseki.cli.kafka.BoardedRun;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.cli.placement.GamePlacement;
import dev.joseki.cli.placement.GamePlacementOptions;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.rules.Game;
import dev.joseki.selfplay.KafkaExecutor;
import dev.joseki.selfplay.RunBoard;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.MatchExecutor;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.RefereedGames;
import dev.joseki.tournament.report.TuneReport;
import dev.joseki.tournament.report.TuneStateJson;
import dev.joseki.tournament.tune.SpsaSchedule;
import dev.joseki.tournament.tune.SpsaState;
import dev.joseki.tournament.tune.TuneParameter;
import dev.joseki.tournament.tune.TuneRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki tune}: SPSA tuning of engine options by game pairs θ+ against θ− (docs/tune.md),
 * played as tournament game tasks on the Kafka workers or, with --local, in this process. The state
 * is DIR/state.json after every update: running the command again with the same --out continues it.
 */
@Command(
        name = "tune",
        mixinStandardHelpOptions = true,
        description = {
            "Tunes engine options by SPSA (Fishtest's algorithm): each iteration plays one game"
                + " pair of the engine with the options at θ+c·Δ against θ−c·Δ and moves θ by the"
                + " result (docs/tune.md)."
        })
final class TuneCommand implements Callable<Integer> {
    static final String STATE = "state.json";

    @Spec CommandSpec spec;

    @Option(
            names = "--engine",
            required = true,
            paramLabel = "SPEC",
            description = {
                "The engine to tune, a tournament spec: 'builtin' or 'cmd=PATH ...' (default"
                        + " nodes=20000, or --tc).",
                "The parameters are its USI options (option.NAME=value)."
            })
    String engine;

    @Option(
            names = "--param",
            paramLabel = "NAME,start,min,max,c_end,r_end",
            description = "A parameter to tune (repeatable), Fishtest's six fields.")
    List<String> params = new ArrayList<>();

    @Option(
            names = "--params",
            paramLabel = "FILE",
            description = "Parameters, one NAME,start,min,max,c_end,r_end line each (# comments).")
    Path paramsFile;

    @Option(
            names = "--iterations",
            paramLabel = "N",
            description = "Iterations, one game pair each (default ${DEFAULT-VALUE}).")
    int iterations = 1000;

    @Option(
            names = "--batch",
            paramLabel = "B",
            description =
                    "Iterations in flight at once, probed from the same θ (default"
                            + " ${DEFAULT-VALUE}).")
    int batch = 8;

    @Option(
            names = "--alpha",
            description = "Exponent of the step size a_k (default ${DEFAULT-VALUE}).")
    double alpha = SpsaSchedule.DEFAULT_ALPHA;

    @Option(
            names = "--gamma",
            description = "Exponent of the perturbation c_k (default ${DEFAULT-VALUE}).")
    double gamma = SpsaSchedule.DEFAULT_GAMMA;

    @Option(
            names = "--a-ratio",
            paramLabel = "R",
            description =
                    "Stability constant A as a share of N: A = R·N (default ${DEFAULT-VALUE}).")
    double aRatio = SpsaSchedule.DEFAULT_A_RATIO;

    /**
     * --tc and --time-margin: the clock when the spec names no limit. Tune takes --time-margin too,
     * as every other command with --tc does.
     */
    @Mixin GameOptions.Clock clock;

    /** One opening per iteration, in an order seeded by --seed. */
    @Mixin GameOptions.Openings openings;

    /** Seeds the perturbations and the openings' order. */
    @Mixin GameOptions.Seed seed;

    @Mixin GameOptions.MaxPlies maxPlies;

    @Option(
            names = {"--name", "--id"},
            paramLabel = "ID",
            description =
                    "Id of the tune's games on the workers (default: a new one, kept in DIR/"
                            + STATE
                            + ").")
    String name;

    @Mixin GamePlacementOptions placement;

    @Mixin KafkaOptions kafka;

    @Mixin ProgressOptions progress = new ProgressOptions();

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description =
                    "Directory of state.json, tune.json and tune.html (default ${DEFAULT-VALUE}).")
    Path out = Path.of("run", "tune");

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Long timeMargin = clock.timeMargin;
        if (timeMargin != null && timeMargin < 0) {
            throw new IllegalArgumentException(
                    "--time-margin must not be negative, got " + timeMargin);
        }
        EngineSpec parsed =
                EngineSpec.parse(engine)
                        .withDefaultTimeControl(clock.clock())
                        .withDefaultLimit(SearchLimit.TOURNAMENT_DEFAULT);
        // As tournament's: a given --time-margin holds for the spec's own tc= too.
        EngineSpec base = timeMargin != null ? parsed.withTimeMargin(timeMargin) : parsed;
        if (maxPlies.maxPlies < 1) {
            throw new IllegalArgumentException("--max-plies must be positive");
        }
        GamePlacement where = new GamePlacement(placement, kafka, err, "");
        if (where.local()) {
            where.checkLocal(List.of(base)); // before a state is written
        }
        SpsaState state = startOrResume(readParams(), err);
        OpeningSuite suite =
                openings.openings == null
                        ? OpeningSuite.shipped(seed.seed)
                        : OpeningSuite.of(
                                OpeningSuite.read(openings.openings), "random", seed.seed);
        Game.Rules rules = maxPlies.rules();
        TuneRunner.Setup setup = new TuneRunner.Setup(base, suite, Sampling.OFF);
        List<TuneParameter> ps = state.parameterList();
        try (RefereedGames checker = new RefereedGames(rules, state.name())) {
            // the extremes of every parameter: an option the engine refuses fails here, once
            checker.check(
                    TuneRunner.spec(
                            base, "-min", ps, ps.stream().map(TuneParameter::min).toList()));
            checker.check(
                    TuneRunner.spec(
                            base, "-max", ps, ps.stream().map(TuneParameter::max).toList()));
        }
        Path file = out.resolve(STATE);
        if (!Files.exists(file)) {
            // only a start that passed every check leaves a state that a re-run must match
            Files.createDirectories(out);
            TuneStateJson.write(state, file);
            err.println(
                    "joseki: tune "
                            + state.name()
                            + " (re-run with --out "
                            + out
                            + " to continue it)");
            err.flush();
        }
        Progress iterations =
                this.progress
                        .start(err, Progress.Unit.ITERATIONS, state.iterations())
                        .startAt(state.iteration());
        TuneRunner.Listener progress =
                (s, p) -> {
                    try {
                        TuneStateJson.write(s, out.resolve(STATE));
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    iterations.clear();
                    o.printf(
                            Locale.ROOT,
                            "iteration %d/%d  %s%n",
                            s.iteration(),
                            s.iterations(),
                            values(s));
                    o.flush();
                    iterations.update(s.iteration());
                };
        SpsaState end =
                where.local()
                        ? TuneRunner.run(state, setup, localExecutor(rules, state.name()), progress)
                        : where.onWorkers(
                                state.name(),
                                List.of(base),
                                rules.maxPlies(),
                                2 * state.batch(),
                                null,
                                embeddedBroker -> null,
                                executor -> onWorkers(executor, state, setup, base, progress));
        iterations.finish();
        TuneReport.write(end, out);
        o.println("wrote " + out.resolve("tune.json") + ", tune.html");
        o.println(TuneReport.optionList(end));
        o.flush();
        return ExitCodes.OK;
    }

    /**
     * The tune on the workers, on the runs topic for ./joseki serve (kind tune): its record with
     * each parameter's track when it starts, every few seconds while it goes, and when it ends.
     */
    private static SpsaState onWorkers(
            KafkaExecutor executor,
            SpsaState state,
            TuneRunner.Setup setup,
            EngineSpec base,
            TuneRunner.Listener progress) {
        KafkaExecutor.Config c = executor.config();
        RunInfo started =
                RunBoard.withTracks(
                        RunBoard.started(
                                state.name(),
                                "tune",
                                List.of(base),
                                RunBoard.timeControl(base),
                                2 * state.iterations(),
                                0,
                                Instant.now()),
                        state);
        try (BoardedRun board = BoardedRun.announce(c.kafka(), c.topics(), started)) {
            SpsaState[] last = {state};
            RuntimeException failure = null;
            try {
                last[0] =
                        TuneRunner.run(
                                state,
                                setup,
                                executor,
                                (s, p) -> {
                                    progress.onUpdate(s, p);
                                    last[0] = s;
                                    board.update(RunBoard.withTracks(started, s));
                                });
                return last[0];
            } catch (RuntimeException e) {
                failure = e;
                throw e;
            } finally {
                board.end(
                        RunBoard.withTracks(started, last[0]), 2 * last[0].iteration(), 0, failure);
            }
        }
    }

    private static String values(SpsaState s) {
        List<TuneParameter> ps = s.parameterList();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ps.size(); i++) {
            sb.append(i == 0 ? "" : " ")
                    .append(ps.get(i).name())
                    .append('=')
                    .append(String.format(Locale.ROOT, "%.2f", s.theta().get(i)));
        }
        return sb.toString();
    }

    /** The parameters of --param and --params, in that order. */
    private List<TuneParameter> readParams() throws IOException {
        List<TuneParameter> ps = new ArrayList<>();
        for (String p : params) {
            ps.add(TuneParameter.parse(p));
        }
        if (paramsFile != null) {
            List<String> lines = Files.readAllLines(paramsFile);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).replaceFirst("#.*", "").trim();
                if (line.isEmpty()) {
                    continue;
                }
                try {
                    ps.add(TuneParameter.parse(line));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            paramsFile + ":" + (i + 1) + ": " + e.getMessage(), e);
                }
            }
        }
        return ps;
    }

    /**
     * A new state (not yet written), or the one in DIR when there is one. A resumed tune keeps the
     * settings it began with: parameters, iterations, seed or batch given differently are refused,
     * not mixed in.
     */
    private SpsaState startOrResume(List<TuneParameter> given, PrintWriter err) throws IOException {
        if (iterations < 1 || batch < 1) {
            throw new IllegalArgumentException("--iterations and --batch must be at least 1");
        }
        if (name != null
                && (name.startsWith(GameRecords.SELFPLAY_RUN_PREFIX) || name.contains("/"))) {
            throw new IllegalArgumentException(
                    "--name must not contain '/' nor start with '"
                            + GameRecords.SELFPLAY_RUN_PREFIX
                            + "'");
        }
        Path file = out.resolve(STATE);
        SpsaSchedule schedule =
                new SpsaSchedule(iterations, alpha, gamma, Math.floor(aRatio * iterations));
        if (!Files.exists(file)) {
            if (given.isEmpty()) {
                throw new IllegalArgumentException("nothing to tune: give --param or --params");
            }
            String id =
                    name != null
                            ? name
                            : "tune-"
                                    + Instant.now().getEpochSecond()
                                    + "-"
                                    + UUID.randomUUID().toString().substring(0, 6);
            return SpsaState.start(id, given, schedule, seed.seed, batch); // written once checked
        }
        SpsaState s = TuneStateJson.read(file);
        SpsaState fresh =
                SpsaState.start(
                        s.name(),
                        given.isEmpty() ? s.parameterList() : given,
                        schedule,
                        seed.seed,
                        batch);
        if (!fresh.parameters().equals(s.parameters())
                || fresh.iterations() != s.iterations()
                || fresh.seed() != s.seed()
                || fresh.batch() != s.batch()
                || fresh.alpha() != s.alpha()
                || fresh.gamma() != s.gamma()
                || fresh.bigA() != s.bigA()
                || (name != null && !name.equals(s.name()))) {
            throw new IllegalArgumentException(
                    file
                            + " holds a tune begun with other settings (parameters, --iterations,"
                            + " --seed, --batch, --alpha, --gamma, --a-ratio or --name): give the"
                            + " same ones to continue it, or another --out");
        }
        err.println(
                "joseki: continuing tune "
                        + s.name()
                        + " after iteration "
                        + s.iteration()
                        + " of "
                        + s.iterations());
        err.flush();
        return s;
    }

    /**
     * Plays in this process, each pair with its own game player, closed after it: every iteration's
     * θ+ and θ− are new engines, and an external one should not outlive its pair.
     */
    private static MatchExecutor localExecutor(Game.Rules rules, String id) {
        return (tasks, sink) -> {
            for (int i = 0; i < tasks.size(); i += 2) {
                try (RefereedGames g = new RefereedGames(rules, id)) {
                    for (GameTask t : tasks.subList(i, Math.min(i + 2, tasks.size()))) {
                        if (!sink.accept(g.play(t))) {
                            return;
                        }
                    }
                }
            }
        };
    }
}
