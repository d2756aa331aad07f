package dev.joseki.cli.book;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.GameOptions;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.ProgressOptions;
import dev.joseki.cli.command.ReportOnInterrupt;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.cli.placement.GamePlacementOptions;
import dev.joseki.cli.placement.InFlightOption;
import dev.joseki.cli.placement.TournamentLength;
import dev.joseki.cli.placement.TournamentPlacement;
import dev.joseki.engine.book.RootBook;
import dev.joseki.play.BuiltinOptions;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.TournamentFormat;
import dev.joseki.tournament.TournamentListener;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import dev.joseki.tournament.report.BookUse;
import dev.joseki.tournament.report.BookUseReport;
import dev.joseki.tournament.report.ReportLines;
import dev.joseki.tournament.report.ReportWriter;
import dev.joseki.tournament.stats.Sprt;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book compare}: one engine with book A against the same engine with book B (or no
 * book), colours swapped, as a two-player tournament (local or on the workers, SPRT-capable), with
 * each side's book use measured by probing its own book. Every book is checked before any game.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = {
            "Is book B better than book A (or than no book) for this engine at this clock?",
            "Plays --engine with the first --book/--no-book (A) against it with the second (B),"
                    + " colours swapped, and reports Elo, SPRT and how long each side stayed in its"
                    + " book (docs/book.md)."
        })
public final class BookCompareCommand implements Callable<Integer> {
    /** Games without --games or --sprt: 50 colour-swapped pairs. */
    static final int DEFAULT_GAMES = 100;

    @Spec CommandSpec spec;

    @Option(
            names = "--engine",
            required = true,
            paramLabel = "SPEC",
            description =
                    "The engine, as tournament's --engine: 'builtin ...' (books are book"
                            + " directories) or 'cmd=PATH ...' (books are YaneuraOu .db files).")
    String engine;

    @Option(
            names = "--book",
            paramLabel = "PATH",
            description = "A side's book (give two of --book/--no-book: A first, then B).")
    List<Path> books = new ArrayList<>();

    @Option(names = "--no-book", description = "A side without a book.")
    boolean[] noBook = new boolean[0];

    @Option(
            names = "--a-options",
            paramLabel = "FIELDS",
            description = "Extra spec fields for side A, e.g. 'option.BookMode=HQM'.")
    String aOptions = "";

    @Option(names = "--b-options", paramLabel = "FIELDS", description = "The same for side B.")
    String bOptions = "";

    @Option(
            names = "--a-name",
            paramLabel = "NAME",
            description =
                    "Side A's name in the reports (default: its book's, with the --a-options that"
                            + " tell the sides apart when both use the same book).")
    String aName;

    @Option(names = "--b-name", paramLabel = "NAME", description = "The same for side B.")
    String bName;

    @Option(
            names = "--book-option",
            paramLabel = "NAME",
            description = {
                "External engines: pass a book as option.NAME=<its absolute path> instead of"
                        + " YaneuraOu's BookDir/BookFile and book defaults (--no-book then sends"
                        + " nothing)."
            })
    String bookOption;

    /** --tc: the clock of both sides (without it, nodes=20000 a move). */
    @Mixin GameOptions.Clock clock;

    @Option(
            names = "--games",
            paramLabel = "N",
            description =
                    "Games, rounded up to whole pairs (default "
                            + DEFAULT_GAMES
                            + "; with --sprt up to 100,000, stopping when decided).")
    Integer games;

    @Option(
            names = "--sprt",
            paramLabel = "elo0=E0,elo1=E1[,alpha=A,beta=B]",
            description = "Stop as soon as the SPRT on A's game pairs decides.")
    String sprt;

    @Option(
            names = "--openings",
            paramLabel = "FILE",
            description = "Start from these openings, in file order (default: the start position).")
    // Not GameOptions.Openings: a comparison starts from the start position unless given a file
    // (the book decides the opening) and keeps the file's order, where the others play the shipped
    // suite in a seeded order.
    Path openings;

    @Option(
            names = "--opening-plies",
            paramLabel = "N",
            description = "Keep the first N plies of each --openings line.")
    Integer openingPlies;

    @Mixin GameOptions.Seed seed;

    @Mixin GameOptions.SamplePlies samplePlies;

    @Mixin GameOptions.MaxPlies maxPlies;

    @Option(
            names = {"--name", "--id"},
            paramLabel = "ID",
            description = "Run id, as tournament's (default: a new one; with --local: compare).")
    String name;

    @Mixin GamePlacementOptions placement;

    @Mixin InFlightOption inFlight;

    @Mixin KafkaOptions kafka;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Output directory (default ${DEFAULT-VALUE}).")
    Path out = Path.of("run", "book-compare");

    @Mixin ProgressOptions progress = new ProgressOptions();

    @Override
    public Integer call() throws IOException, InterruptedException {
        List<Path> order = bookArguments();
        EngineSpec base = EngineSpec.parse(engine);
        checkNoBookOptions("--engine", base);
        boolean builtin = base.builtin();
        if (!builtin) {
            checkExecutable(base.command());
        }
        try (ComparedBook a = open(order.get(0), builtin);
                ComparedBook b = open(order.get(1), builtin)) {
            // Everything that can be refused is checked before anything is written.
            checkSideFields(aOptions, "--a-options");
            checkSideFields(bOptions, "--b-options");
            Sprt test = checkedSprt();
            int window = inFlight.checked();
            OpeningSuite suite = openingSuite();
            String[] names = CompareSideNames.of(a.name, aOptions, b.name, bOptions, aName, bName);
            String nameA = names[0];
            String nameB = names[1];
            List<EngineSpec> players =
                    List.of(
                            side(nameA, aOptions, a, out.resolve("books").resolve("A")),
                            side(nameB, bOptions, b, out.resolve("books").resolve("B")));
            TournamentSetup setup = setup(players, test, suite);
            PrintWriter err = spec.commandLine().getErr();
            Progress games = progress.start(err, Progress.Unit.GAMES, 0);
            TournamentListener listener = TournamentPlacement.progressListener(games, nameA);
            try (ReportOnInterrupt stop = new ReportOnInterrupt(err)) {
                TournamentPlacement played =
                        new TournamentPlacement(
                                placement, window, kafka, err, ReportWriter.archive(out));
                TournamentResults r =
                        played.play(
                                setup,
                                "book-compare",
                                List.of(bookLabel(order.get(0)), bookLabel(order.get(1))),
                                listener,
                                stop::requested);
                games.finish();
                ReportWriter.write(r, out, played.concurrencyUsed());
                long[] mainMs = new long[2];
                for (int p = 0; p < 2; p++) {
                    TimeControl t = players.get(p).timeControl();
                    mainMs[p] = t == null ? 0 : t.mainMs();
                }
                ComparedBook[] sides = {a, b};
                boolean[] valued = {
                    valuedMovesInBook(players.get(0)), valuedMovesInBook(players.get(1))
                };
                BookUse use =
                        BookUse.of(
                                r.games(),
                                setup.names(),
                                mainMs,
                                (player, pos, move) ->
                                        sides[player].isBookMove(pos, move, valued[player]));
                BookUseReport.append(use, out);

                PrintWriter o = spec.commandLine().getOut();
                o.println("A " + nameA + " vs B " + nameB + ": " + ReportLines.elo(r));
                if (r.sprt() != null) {
                    o.println(ReportLines.sprt(r.sprt()));
                }
                o.println(ReportLines.distinct(r));
                BookUseReport.lines(use).forEach(o::println);
                ReportWriter.writtenLines(r, out).forEach(o::println);
                o.flush();
            }
        }
        return ExitCodes.OK;
    }

    /**
     * Whether a move the side's book only values is a book move for that side, as its built-in
     * engine decides ({@link RootBook#evaluatedMovesInBook}); another engine plays an exported
     * book, which holds no such moves apart.
     */
    static boolean valuedMovesInBook(EngineSpec side) {
        if (!side.builtin()) {
            return true;
        }
        BuiltinOptions o = BuiltinOptions.of(side.options());
        return RootBook.evaluatedMovesInBook(o.bookChoice(), o.bookValueRules());
    }

    /**
     * A missing engine is named by its path, before the books are looked at: later, each side's
     * engine is named after its book ("engine 'user_book1.db' (...): cannot start").
     */
    private static void checkExecutable(String command) {
        Path path = Path.of(command);
        if (path.getParent() != null && !java.nio.file.Files.isExecutable(path)) {
            throw new IllegalArgumentException(
                    "--engine: no executable file at "
                            + command
                            + (java.nio.file.Files.exists(path) ? " (not executable)" : ""));
        }
    }

    /** How the runs topic names a side's book: its path, or "no book". */
    private static String bookLabel(Path book) {
        return book == null ? "no book" : book.toString();
    }

    /** The book arguments in command-line order, null for --no-book; exactly two, one no-book. */
    private List<Path> bookArguments() {
        List<Path> order = new ArrayList<>();
        int nextBook = 0;
        for (ArgSpec arg : spec.commandLine().getParseResult().matchedArgs()) {
            if (arg instanceof OptionSpec o && o.longestName().equals("--book")) {
                order.add(books.get(nextBook++));
            } else if (arg instanceof OptionSpec o && o.longestName().equals("--no-book")) {
                order.add(null);
            }
        }
        if (order.size() != 2) {
            throw new IllegalArgumentException(
                    "give exactly two books, A then B, each --book PATH or --no-book (got "
                            + order.size()
                            + ")");
        }
        if (order.get(0) == null && order.get(1) == null) {
            throw new IllegalArgumentException(
                    "--no-book twice: give at least one --book PATH to compare");
        }
        return order;
    }

    private ComparedBook open(Path book, boolean builtin) throws IOException {
        if (bookOption != null && builtin) {
            throw new IllegalArgumentException(
                    "--book-option is for external engines (cmd=PATH); the built-in engine takes"
                            + " option.BookDir");
        }
        return book == null
                ? ComparedBook.none(builtin, bookOption)
                : ComparedBook.open(book, builtin, bookOption);
    }

    /** The books are named only by --book/--no-book, so that no side gets one by accident. */
    private void checkNoBookOptions(String source, EngineSpec s) {
        for (String key : List.of("BookDir", "BookFile")) {
            if (s.options().containsKey(key)
                    || bookOption != null && s.options().containsKey(bookOption)) {
                throw new IllegalArgumentException(
                        source
                                + " gives option."
                                + (s.options().containsKey(key) ? key : bookOption)
                                + ": name each side's book with --book PATH or --no-book");
            }
        }
    }

    /**
     * The side's spec: the engine with its extra fields; the book's options are added where the
     * side's own fields do not set them (YaneuraOu's defaults are overridable that way).
     */
    /** A side's extra fields parse with the engine's and name no book. */
    private void checkSideFields(String extra, String source) {
        EngineSpec.parse(engine + " " + extra);
        checkNoBookOptions(source, EngineSpec.parse("builtin " + optionFields(extra)));
    }

    private EngineSpec side(String name, String extra, ComparedBook book, Path linkDir)
            throws IOException {
        EngineSpec own = EngineSpec.parse(engine + " " + extra);
        for (Map.Entry<String, String> e : book.options(linkDir).entrySet()) {
            if (!own.options().containsKey(e.getKey())) {
                own = own.withOption(e.getKey(), e.getValue());
            }
        }
        Long timeMargin = clock.timeMargin;
        EngineSpec s =
                new EngineSpec(
                                name,
                                own.command(),
                                own.dir(),
                                own.args(),
                                own.options(),
                                own.limit(),
                                own.timeoutMs(),
                                own.timeControl(),
                                own.clockAdapter(),
                                own.artifact())
                        .withDefaultTimeControl(clock.clock())
                        .withDefaultLimit(SearchLimit.TOURNAMENT_DEFAULT);
        return timeMargin != null ? s.withTimeMargin(timeMargin) : s;
    }

    /** Only the option.NAME=VALUE fields of a side's extra fields (to check them alone). */
    private static String optionFields(String extra) {
        StringBuilder b = new StringBuilder();
        for (String f : extra.trim().split("\\s+")) {
            if (f.startsWith("option.")) {
                b.append(' ').append(f);
            }
        }
        return b.toString();
    }

    /** The SPRT (null: none) after the checks of the run's numbers. */
    private Sprt checkedSprt() {
        if (clock.timeMargin != null && clock.timeMargin < 0) {
            throw new IllegalArgumentException("--time-margin must not be negative");
        }
        if (maxPlies.maxPlies < 1 || samplePlies.samplePlies < 0) {
            throw new IllegalArgumentException("--max-plies >= 1, --sample-plies >= 0");
        }
        if (games != null && games < 1) {
            throw new IllegalArgumentException("--games must be at least 1");
        }
        if (clock.tc != null) {
            TimeControl.parseOption("--tc", clock.tc, TimeControl.DEFAULT_MARGIN_MS);
        }
        return sprt == null ? null : Sprt.parse(sprt);
    }

    private TournamentSetup setup(List<EngineSpec> players, Sprt test, OpeningSuite suite) {
        int total =
                games != null
                        ? games
                        : test != null ? TournamentLength.SPRT_MAX_GAMES : DEFAULT_GAMES;
        int samplePlies = this.samplePlies.samplePlies;
        Sampling sampling =
                samplePlies == 0
                        ? Sampling.OFF
                        : new Sampling(
                                samplePlies, Sampling.DEFAULT.windowCp(), Sampling.DEFAULT.lines());
        String id = name != null ? name : placement.local ? "compare" : TournamentPlacement.newId();
        return new TournamentSetup(
                id,
                players,
                TournamentFormat.ROUND_ROBIN,
                (total + 1) / 2,
                suite,
                test,
                maxPlies.rules(),
                sampling);
    }

    private OpeningSuite openingSuite() throws IOException {
        if (openings == null) {
            if (openingPlies != null) {
                throw new IllegalArgumentException("--opening-plies needs --openings FILE");
            }
            return OpeningSuite.startPosition();
        }
        if (openingPlies != null && openingPlies < 0) {
            throw new IllegalArgumentException("--opening-plies must not be negative");
        }
        List<Opening> cut = new ArrayList<>();
        for (Opening o : OpeningSuite.read(openings)) {
            int n =
                    openingPlies == null
                            ? o.moves().size()
                            : Math.min(openingPlies, o.moves().size());
            cut.add(new Opening(o.startSfen(), o.moves().subList(0, n)));
        }
        return OpeningSuite.sequential(cut);
    }
}
