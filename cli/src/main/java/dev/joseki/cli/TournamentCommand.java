package dev.joseki.cli;

import dev.joseki.kafka.Topics;
import dev.joseki.play.CoreCapacity;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.selfplay.KafkaExecutor;
import dev.joseki.selfplay.SelfPlayRun;
import dev.joseki.selfplay.Worker;
import dev.joseki.tournament.BookOpenings;
import dev.joseki.tournament.Concurrency;
import dev.joseki.tournament.LocalExecutor;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.RefereedGames;
import dev.joseki.tournament.Tournament;
import dev.joseki.tournament.TournamentFormat;
import dev.joseki.tournament.TournamentListener;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import dev.joseki.tournament.report.MarkdownReport;
import dev.joseki.tournament.report.ReportLines;
import dev.joseki.tournament.report.ReportWriter;
import dev.joseki.tournament.stats.Sprt;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki tournament}: plays a round robin or gauntlet and writes DIR/report.md,
 * report.html, results.json and games/*.csa|kif; prints the crosstable. Games are played by the
 * self-play workers through Kafka ({@link KafkaExecutor}), found as {@code selfplay} finds them:
 * --bootstrap-servers, else the running local cluster, else an embedded broker with workers in this
 * process. {@code --local} plays in this process instead ({@link LocalExecutor}). The tournament id
 * ({@code --name}) keys its games on the games topic: re-running the same id continues where it
 * stopped.
 */
@Command(
        name = "tournament",
        mixinStandardHelpOptions = true,
        description = {
            "Plays a tournament between engines given as cutechess-style specs and writes reports.",
            "The first --engine is the tested engine: Elo, LOS and SPRT are its results against the"
                    + " field."
        })
final class TournamentCommand implements Callable<Integer> {
    static final int SPRT_MAX_GAMES = 100_000;

    /**
     * Tasks on the workers at once by default: an SPRT that decides wastes at most this many games.
     */
    static final int IN_FLIGHT = 64;

    static final Duration IDLE_TIMEOUT = Duration.ofMinutes(10);

    /** How long a run on a given broker looks for a worker before saying there is none. */
    private static final Duration WORKER_CHECK = Duration.ofSeconds(5);

    @Spec CommandSpec spec;

    @Option(
            names = "--engine",
            required = true,
            paramLabel = "SPEC",
            description = {
                "A player (repeat, at least two): 'name=NAME builtin|cmd=PATH [dir=DIR]"
                        + " [arg=ARG]...",
                "[option.NAME=VALUE]... [nodes=N | movetime=MS | byoyomi=MS | depth=D |"
                        + " tc=MAIN[+INC] [byoyomi=MS]]'",
                "(default nodes=20000, or --tc). tc= plays on a clock the referee keeps"
                        + " (docs/time-controls.md)."
            })
    List<String> engines = new ArrayList<>();

    @Option(
            names = "--tc",
            paramLabel = "TC",
            description = {
                "Clock of every engine without a limit or tc= of its own: MAIN[+INC] seconds"
                        + " [byoyomi=MS],",
                "e.g. --tc 10+0.1 or --tc \"60 byoyomi=1000\" (instead of nodes=20000)."
            })
    String tc;

    @Option(
            names = "--time-margin",
            paramLabel = "MS",
            description = {
                "How far past its clock a move may end before it loses on time, for every clocked"
                        + " engine",
                "(default: a spec's timemargin=, else " + TimeControl.DEFAULT_MARGIN_MS + ")."
            })
    Long timeMargin;

    @Option(
            names = "--allow-shared-cores",
            description =
                    "Play clocked games even when games at once x threads per game exceed the cores"
                            + " (warns).")
    boolean allowSharedCores;

    static final class Length {
        @Option(
                names = "--rounds",
                description = {
                    "Rounds: one game pair (colours swapped) per matchup each",
                    "(default 1; with --sprt up to 100,000 games, stopping when decided)."
                })
        Integer rounds;

        @Option(names = "--games", description = "Total games, rounded up to whole rounds.")
        Integer games;
    }

    @ArgGroup(exclusive = true)
    Length length;

    @Option(names = "--format", description = "round-robin or gauntlet (default ${DEFAULT-VALUE}).")
    String format = "round-robin";

    @Option(
            names = "--openings",
            paramLabel = "FILE",
            description =
                    "Openings, one SFEN or USI line each (default: the shipped suite of real"
                        + " opening lines, a different line per game pair, in an order seeded by"
                        + " --seed).")
    Path openings;

    @Option(
            names = "--openings-order",
            description = "sequential or random (default ${DEFAULT-VALUE}).")
    String openingsOrder = "sequential";

    @Option(
            names = "--openings-book",
            paramLabel = "DIR",
            description = {
                "Generate the openings from this book as the paper does: the first --opening-plies"
                        + " plies by",
                "full matching, frequency-weighted random moves (seeded by --seed), end positions"
                        + " all different."
            })
    Path openingsBook;

    @Option(
            names = "--opening-plies",
            paramLabel = "P",
            description = "Plies of each book opening (default ${DEFAULT-VALUE}).")
    int openingPlies = 10;

    @Option(
            names = "--opening-count",
            paramLabel = "N",
            description =
                    "Book openings to generate (default: one per round, at most 2,000; they repeat"
                            + " in order after N).")
    Integer openingCount;

    @Option(
            names = "--sample-plies",
            paramLabel = "N",
            description = {
                "Draw the first N engine plies after each opening among the mover's",
                "near-best lines, by each game's own seed (default ${DEFAULT-VALUE}: the engines'",
                "own moves). Two engines that play alike otherwise repeat a pair's game with",
                "colours swapped; 8 makes the games distinct."
            })
    int samplePlies = 0;

    @Option(
            names = "--sample-window",
            paramLabel = "CP",
            description =
                    "A sampled ply draws among the lines scoring at least best - CP"
                            + " (default ${DEFAULT-VALUE}).")
    int sampleWindow = 30;

    @Option(
            names = "--seed",
            description =
                    "Seed of the random opening order, also of the shipped suite's (default"
                            + " ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(
            names = "--book",
            paramLabel = "DIR",
            description =
                    "Book directory for built-in players with option.BookMode and no"
                            + " option.BookDir.")
    String book;

    @Option(
            names = "--sprt",
            paramLabel = "elo0=E0,elo1=E1[,alpha=A,beta=B,model=normalized|logistic]",
            description = "Stop as soon as the SPRT on the tested engine's game pairs decides.")
    String sprt;

    @Option(
            names = "--max-plies",
            description = "Plies after which a game is a draw (default ${DEFAULT-VALUE}).")
    int maxPlies = 256;

    @Option(
            names = {"--name", "--id"},
            paramLabel = "ID",
            description = {
                "Tournament id and event name. Re-running an id continues where it stopped, each"
                        + " game counted once",
                "(default: a new id, printed on stderr; with --local: joseki)."
            })
    String name;

    @Option(
            names = "--local",
            description = "Play every game in this process instead of on the Kafka workers.")
    boolean local;

    @Option(
            names = "--concurrency",
            paramLabel = "C",
            description =
                    "Games at once in the workers of an embedded run (default: one per core).")
    Integer concurrency;

    @Option(
            names = "--in-flight",
            paramLabel = "N",
            description = {
                "Games sent to the workers and not yet answered, at most (default"
                        + " ${DEFAULT-VALUE}). The workers",
                "play them even after an SPRT decides: with few worker slots, a few times their"
                        + " number is enough."
            })
    int inFlight = IN_FLIGHT;

    @Mixin KafkaOptions kafka;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Output directory (default ${DEFAULT-VALUE}).")
    Path out = Path.of("tournament");

    @Option(
            names = "--progress",
            description = "Progress line on stderr even when stderr is not a terminal.")
    boolean progress;

    /** How the games shared the machine, for the report; set where the games are started. */
    private Concurrency concurrencyUsed;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (timeMargin != null && timeMargin < 0) {
            throw new IllegalArgumentException(
                    "--time-margin must not be negative, got " + timeMargin);
        }
        TimeControl defaultClock =
                tc == null
                        ? null
                        : TimeControl.parseOption(
                                "--tc",
                                tc,
                                timeMargin != null ? timeMargin : TimeControl.DEFAULT_MARGIN_MS);
        List<EngineSpec> players = new ArrayList<>();
        for (String e : engines) {
            EngineSpec s =
                    EngineSpec.parse(e)
                            .withDefaultTimeControl(defaultClock)
                            .withDefaultLimit(SearchLimit.TOURNAMENT_DEFAULT);
            players.add(withBook(timeMargin != null ? s.withTimeMargin(timeMargin) : s));
        }
        TournamentFormat fmt = TournamentFormat.fromId(format);
        if (maxPlies < 1) {
            throw new IllegalArgumentException("--max-plies must be positive");
        }
        if (inFlight < 1) {
            throw new IllegalArgumentException("--in-flight must be at least 1, got " + inFlight);
        }
        if (samplePlies < 0 || sampleWindow < 0) {
            throw new IllegalArgumentException(
                    "--sample-plies and --sample-window must not be negative");
        }
        Sampling sampling =
                samplePlies == 0
                        ? Sampling.OFF
                        : new Sampling(samplePlies, sampleWindow, Sampling.DEFAULT.lines());
        Sprt test = sprt == null ? null : Sprt.parse(sprt);
        int rounds = rounds(fmt.matchups(Math.max(2, players.size())).size(), test != null);
        OpeningSuite suite = openingSuite(rounds);
        Game.Rules rules = new Game.Rules(maxPlies, Declaration.Rule.POINTS_27);
        if (name != null && name.startsWith(dev.joseki.records.GameRecords.SELFPLAY_RUN_PREFIX)) {
            // book build tells tournament games from self-play by this prefix
            throw new IllegalArgumentException(
                    "--name must not start with '"
                            + dev.joseki.records.GameRecords.SELFPLAY_RUN_PREFIX
                            + "' (self-play run ids do)");
        }
        String id = name != null ? name : local ? "joseki" : newId();
        TournamentSetup setup =
                new TournamentSetup(id, players, fmt, rounds, suite, test, rules, sampling);

        PrintWriter err = spec.commandLine().getErr();
        boolean showProgress = progress || System.console() != null;
        TournamentResults r =
                play(
                        setup,
                        showProgress
                                ? progressListener(err, players.get(0).name())
                                : TournamentListener.NONE,
                        err);
        if (showProgress) {
            err.println();
        }
        ReportWriter.write(r, out, concurrencyUsed);

        PrintWriter o = spec.commandLine().getOut();
        o.print(MarkdownReport.crosstable(r));
        o.println();
        o.println(players.get(0).name() + " against the field: " + ReportLines.elo(r));
        if (r.sprt() != null) {
            o.println(ReportLines.sprt(r.sprt()));
        }
        o.println(ReportLines.distinct(r));
        o.println(
                "wrote "
                        + out.resolve("report.md")
                        + ", report.html, results.json, games/ ("
                        + r.games().size()
                        + " games)");
        o.flush();
        return ExitCodes.OK;
    }

    /** The progress line on stderr: games done, the tested engine's score and the SPRT's LLR. */
    static TournamentListener progressListener(PrintWriter err, String tested) {
        return (o, done, total, score, status) -> {
            err.printf(
                    Locale.ROOT,
                    "\r%d/%d games  %s %d-%d-%d (%.1f%%)",
                    done,
                    total,
                    tested,
                    score.wins(),
                    score.losses(),
                    score.draws(),
                    score.games() == 0 ? 50.0 : 100 * score.points() / score.games());
            if (status != null) { // the runner's own LLR, on the pairs completed so far
                err.printf(
                        Locale.ROOT,
                        "  LLR %.2f (%.2f, %.2f)",
                        status.llr(),
                        status.lowerBound(),
                        status.upperBound());
            }
            err.flush();
        };
    }

    /**
     * Plays a setup in this process (--local) or on the workers, after the capacity check; {@link
     * #concurrencyUsed()} then says how the games shared the machine.
     */
    TournamentResults play(TournamentSetup setup, TournamentListener listener, PrintWriter err)
            throws IOException, InterruptedException {
        List<EngineSpec> players = setup.players();
        int cores = Runtime.getRuntime().availableProcessors();
        if (local) {
            checkCores(players, 1, cores, err);
            concurrencyUsed = new Concurrency(1, CoreCapacity.coresPerGame(players), cores);
        }
        try (RefereedGames player = new RefereedGames(setup.rules(), setup.name())) {
            return local
                    ? Tournament.run(setup, player, new LocalExecutor(player), listener)
                    : onWorkers(setup, player, listener, err);
        }
    }

    Concurrency concurrencyUsed() {
        return concurrencyUsed;
    }

    /**
     * Plays on the Kafka workers. The checker (this process's game player) validates built-in
     * options and completes a USI handshake with each external engine before any task is sent, so a
     * typo fails here and not on every worker.
     */
    private TournamentResults onWorkers(
            TournamentSetup setup,
            RefereedGames checker,
            TournamentListener listener,
            PrintWriter err)
            throws IOException, InterruptedException {
        System.setProperty(
                "joseki.log.level", "WARN"); // worker logs would garble the progress line
        try (KafkaConnection conn = KafkaConnection.open(kafka, err)) {
            err.println(
                    "joseki: tournament "
                            + setup.name()
                            + resumeHint(setup.name(), conn.isEmbedded()));
            err.flush();
            Topics topics = kafka.topics();
            topics.ensure(conn.settings);
            List<EngineSpec> players = setup.players();
            int cores = Runtime.getRuntime().availableProcessors();
            Integer slots = concurrency;
            if (conn.isEmbedded()) {
                // Clocked games get the slots that fit unless told otherwise; node limits one per
                // core.
                if (slots == null && CoreCapacity.anyClocked(players)) {
                    slots = CoreCapacity.gamesThatFit(players, cores);
                }
                int games = slots != null ? slots : cores;
                checkCores(players, games, cores, err);
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
                                kafka.group, topics.tasks(), conn.settings.bootstrapServers()));
                err.flush();
            }
            try {
                KafkaExecutor executor =
                        new KafkaExecutor(
                                new KafkaExecutor.Config(
                                        conn.settings,
                                        topics,
                                        kafka.group,
                                        setup.name(),
                                        setup.name(),
                                        setup.rules().maxPlies(),
                                        inFlight,
                                        IDLE_TIMEOUT));
                TournamentResults r = Tournament.run(setup, checker, executor, listener);
                if (executor.resumed() > 0) {
                    err.println(
                            "joseki: "
                                    + executor.resumed()
                                    + " games of tournament "
                                    + setup.name()
                                    + " were already played");
                    err.flush();
                }
                if (executor.requeued() > 0) {
                    err.println(
                            "joseki: "
                                    + executor.requeued()
                                    + " games were played from the tasks an earlier run had queued"
                                    + " (not sent again)");
                    err.flush();
                }
                return r;
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
    private void checkCores(List<EngineSpec> players, int gamesAtOnce, int cores, PrintWriter err) {
        String problem = CoreCapacity.problem(players, gamesAtOnce, cores);
        if (problem == null) {
            return;
        }
        if (!allowSharedCores) {
            throw new IllegalArgumentException(problem);
        }
        err.println(
                "joseki: warning: "
                        + problem.replace(", or allow it with --allow-shared-cores", "")
                        + " (allowed by --allow-shared-cores: time losses and results are not"
                        + " fair)");
        err.flush();
    }

    /**
     * On a given broker the games wait for workers this process does not start; without this the
     * run would sit silent until the executor's idle time-out.
     */
    static String noWorkersNotice(String group, String taskTopic, String bootstrapServers) {
        return "joseki: no worker of group "
                + group
                + " holds the partitions of "
                + taskTopic
                + " on "
                + bootstrapServers
                + " yet: the games wait there until one does ("
                + KafkaConnection.startWorkersHint(bootstrapServers)
                + "); with no game for "
                + IDLE_TIMEOUT.toMinutes()
                + " minutes the run stops";
    }

    /**
     * Games are kept by the broker: an embedded one is deleted on exit, so only a lasting broker
     * (given or the local cluster) lets a re-run continue. Telling a user otherwise costs them the
     * games already played.
     */
    static String resumeHint(String id, boolean embeddedBroker) {
        return embeddedBroker
                ? " (an embedded broker keeps its games only while this runs; to make an"
                        + " interrupted tournament resumable run it on `./joseki cluster up` or"
                        + " --bootstrap-servers)"
                : " (re-run with --name " + id + " to continue it)";
    }

    static String newId() {
        return "t-"
                + Instant.now().getEpochSecond()
                + "-"
                + UUID.randomUUID().toString().substring(0, 6);
    }

    /**
     * An SPRT without --rounds/--games may play up to SPRT_MAX_GAMES (ShogiHome's default); it
     * stops when decided.
     */
    private int rounds(int matchups, boolean sprtGiven) {
        int perRound = 2 * matchups;
        if (length == null || length.rounds == null && length.games == null) {
            return sprtGiven ? (SPRT_MAX_GAMES + perRound - 1) / perRound : 1;
        }
        if (length.rounds != null) {
            if (length.rounds < 1) {
                throw new IllegalArgumentException("--rounds must be at least 1");
            }
            return length.rounds;
        }
        if (length.games < 1) {
            throw new IllegalArgumentException("--games must be at least 1");
        }
        return (length.games + perRound - 1) / perRound;
    }

    private OpeningSuite openingSuite(int rounds) throws IOException {
        if (openingsBook != null) {
            if (openings != null) {
                throw new IllegalArgumentException(
                        "give either --openings or --openings-book, not both");
            }
            int count =
                    openingCount != null
                            ? openingCount
                            : Math.min(rounds, BookOpeningsCommand.DEFAULT_TOURNAMENT_COUNT);
            BookOpenings.Generated g =
                    BookOpeningsCommand.generate(openingsBook, count, openingPlies, seed);
            PrintWriter err = spec.commandLine().getErr();
            err.println("joseki: " + BookOpeningsCommand.summary(g, count, openingPlies));
            err.flush();
            if (g.openings().isEmpty()) {
                throw new IllegalArgumentException(
                        "no opening of " + openingPlies + " plies in book " + openingsBook);
            }
            return OpeningSuite.sequential(g.openings());
        }
        if (openings == null) {
            return OpeningSuite.shipped(seed);
        }
        return OpeningSuite.of(OpeningSuite.read(openings), openingsOrder, seed);
    }

    /**
     * --book fills in option.BookDir for built-in players that ask for a BookMode without naming a
     * book.
     */
    private EngineSpec withBook(EngineSpec s) {
        if (book == null
                || !s.builtin()
                || !s.options().containsKey("BookMode")
                || s.options().containsKey("BookDir")) {
            return s;
        }
        return s.withOption("BookDir", book);
    }
}
