package dev.joseki.cli;

import dev.joseki.cli.book.BookOpeningsCommand;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.GameOptions;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.ProgressOptions;
import dev.joseki.cli.command.ReportOnInterrupt;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.cli.placement.GamePlacement;
import dev.joseki.cli.placement.GamePlacementOptions;
import dev.joseki.cli.placement.InFlightOption;
import dev.joseki.cli.placement.TournamentLength;
import dev.joseki.cli.placement.TournamentPlacement;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.rules.Game;
import dev.joseki.tournament.BookOpenings;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.TournamentFormat;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import dev.joseki.tournament.report.MarkdownReport;
import dev.joseki.tournament.report.ReportLines;
import dev.joseki.tournament.report.ReportWriter;
import dev.joseki.tournament.stats.Sprt;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki tournament}: plays a round robin or gauntlet and writes DIR/report.md,
 * report.html, results.json and games/*.csa|kif; prints the crosstable. The games are played where
 * {@link GamePlacement} says ({@link TournamentPlacement}): by the self-play workers through Kafka,
 * or with {@code --local} in this process. The tournament id ({@code --name}) keys its games on the
 * games topic: re-running the same id continues where it stopped.
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
    @Spec CommandSpec spec;

    @Option(
            names = "--engine",
            required = true,
            paramLabel = "SPEC",
            description = {
                "A player (repeat, at least two): 'name=NAME builtin|cmd=PATH [dir=DIR]"
                        + " [arg=ARG]..."
                        + " [option.NAME=VALUE]... [nodes=N | movetime=MS | byoyomi=MS | depth=D |"
                        + " tc=MAIN[+INC] [byoyomi=MS]]'"
                        + " (default nodes=20000, or --tc). tc= plays on a clock the referee keeps"
                        + " (docs/time-controls.md)."
            })
    List<String> engines = new ArrayList<>();

    @Mixin GameOptions.Clock clock;

    @ArgGroup(exclusive = true)
    TournamentLength length;

    @Option(names = "--format", description = "round-robin or gauntlet (default ${DEFAULT-VALUE}).")
    String format = "round-robin";

    @Mixin GameOptions.Openings openings;

    @Option(
            names = "--openings-order",
            description = "sequential or random (default ${DEFAULT-VALUE}).")
    String openingsOrder = "sequential";

    @Option(
            names = "--openings-book",
            paramLabel = "DIR",
            description = {
                "Generate the openings from this book as the paper does: the first --opening-plies"
                    + " plies by full matching, frequency-weighted random moves (seeded by --seed),"
                    + " end positions all different."
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

    @Mixin GameOptions.SamplePlies samplePlies;

    @Option(
            names = "--sample-window",
            paramLabel = "CP",
            description =
                    "A sampled ply draws among the lines scoring at least best - CP"
                            + " (default ${DEFAULT-VALUE}).")
    int sampleWindow = 30;

    @Mixin GameOptions.Seed seed;

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

    @Mixin GameOptions.MaxPlies maxPlies;

    @Option(
            names = {"--name", "--id"},
            paramLabel = "ID",
            description = {
                "Tournament id and event name. Re-running an id continues where it stopped, each"
                        + " game counted once"
                        + " (default: a new id, printed on stderr; with --local: joseki)."
            })
    String name;

    @Mixin GamePlacementOptions placement;

    @Mixin InFlightOption inFlight;

    @Mixin KafkaOptions kafka;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Output directory (default ${DEFAULT-VALUE}).")
    Path out = Path.of("run", "tournament");

    @Mixin ProgressOptions progress = new ProgressOptions();

    @Override
    public Integer call() throws IOException, InterruptedException {
        Long timeMargin = clock.timeMargin;
        if (timeMargin != null && timeMargin < 0) {
            throw new IllegalArgumentException(
                    "--time-margin must not be negative, got " + timeMargin);
        }
        TimeControl defaultClock = clock.clock();
        List<EngineSpec> players = new ArrayList<>();
        for (int i = 0; i < engines.size(); i++) {
            String e = engines.get(i);
            EngineSpec s =
                    (engines.size() > 1 ? EngineSpec.parse(e, i + 1) : EngineSpec.parse(e))
                            .withDefaultTimeControl(defaultClock)
                            .withDefaultLimit(SearchLimit.TOURNAMENT_DEFAULT);
            players.add(withBook(timeMargin != null ? s.withTimeMargin(timeMargin) : s));
        }
        TournamentFormat fmt = TournamentFormat.fromId(format);
        if (maxPlies.maxPlies < 1) {
            throw new IllegalArgumentException("--max-plies must be positive");
        }
        inFlight.checked();
        int samplePlies = this.samplePlies.samplePlies;
        if (samplePlies < 0 || sampleWindow < 0) {
            throw new IllegalArgumentException(
                    "--sample-plies and --sample-window must not be negative");
        }
        Sampling sampling =
                samplePlies == 0
                        ? Sampling.OFF
                        : new Sampling(samplePlies, sampleWindow, Sampling.DEFAULT.lines());
        Sprt test = sprt == null ? null : Sprt.parse(sprt);
        int rounds =
                TournamentLength.rounds(
                        length, fmt.matchups(Math.max(2, players.size())).size(), test != null);
        OpeningSuite suite = openingSuite(rounds);
        Game.Rules rules = maxPlies.rules();
        if (name != null && name.startsWith(dev.joseki.records.GameRecords.SELFPLAY_RUN_PREFIX)) {
            // book build tells tournament games from self-play by this prefix
            throw new IllegalArgumentException(
                    "--name must not start with '"
                            + dev.joseki.records.GameRecords.SELFPLAY_RUN_PREFIX
                            + "' (self-play run ids do)");
        }
        String id = name != null ? name : placement.local ? "joseki" : TournamentPlacement.newId();
        TournamentSetup setup =
                new TournamentSetup(id, players, fmt, rounds, suite, test, rules, sampling);

        PrintWriter err = spec.commandLine().getErr();
        Progress games = progress.start(err, Progress.Unit.GAMES, 0);
        try (ReportOnInterrupt stop = new ReportOnInterrupt(err)) {
            TournamentPlacement played =
                    new TournamentPlacement(
                            placement, inFlight.inFlight, kafka, err, ReportWriter.archive(out));
            TournamentResults r =
                    played.play(
                            setup,
                            TournamentPlacement.progressListener(games, players.get(0).name()),
                            stop::requested);
            games.finish();
            ReportWriter.write(r, out, played.concurrencyUsed());

            PrintWriter o = spec.commandLine().getOut();
            o.print(MarkdownReport.crosstable(r));
            o.println();
            o.println(players.get(0).name() + " against the field: " + ReportLines.elo(r));
            if (r.sprt() != null) {
                o.println(ReportLines.sprt(r.sprt()));
            }
            o.println(ReportLines.distinct(r));
            ReportWriter.writtenLines(r, out).forEach(o::println);
            o.flush();
        }
        return ExitCodes.OK;
    }

    private OpeningSuite openingSuite(int rounds) throws IOException {
        if (openingsBook != null) {
            if (openings.openings != null) {
                throw new IllegalArgumentException(
                        "give either --openings or --openings-book, not both");
            }
            int count =
                    openingCount != null
                            ? openingCount
                            : Math.min(rounds, BookOpeningsCommand.DEFAULT_TOURNAMENT_COUNT);
            BookOpenings.Generated g =
                    BookOpeningsCommand.generate(openingsBook, count, openingPlies, seed.seed);
            PrintWriter err = spec.commandLine().getErr();
            err.println("joseki: " + BookOpeningsCommand.summary(g, count, openingPlies));
            err.flush();
            if (g.openings().isEmpty()) {
                throw new IllegalArgumentException(
                        "no opening of " + openingPlies + " plies in book " + openingsBook);
            }
            return OpeningSuite.sequential(g.openings());
        }
        if (openings.openings == null) {
            return OpeningSuite.shipped(seed.seed);
        }
        return OpeningSuite.of(OpeningSuite.read(openings.openings), openingsOrder, seed.seed);
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
