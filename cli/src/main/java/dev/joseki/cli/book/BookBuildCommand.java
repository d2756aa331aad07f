package dev.joseki.cli.book;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.builder.BookBuildJob;
import dev.joseki.book.builder.BookSource;
import dev.joseki.book.builder.BuildSettings;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.ProgressOptions;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.notation.Quote;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book build}: the Spark job. Prints a summary; bad records are listed on stderr
 * and make the exit status 1 (the book is still built from the good ones).
 */
@Command(
        name = "build",
        mixinStandardHelpOptions = true,
        description = {
            "Builds or extends a book from game records with Spark.",
            "Files: directories or files of game records: CSA (.csa), KIF (.kif/.kifu), KI2 (.ki2)"
                    + " and USI lines (.usi/.txt, one 'position ... moves ...' per line).",
            "Sources are [NAME=]PATH[:WEIGHT]: every row of a source counts WEIGHT times (default"
                    + " 1); NAME (default: the file name) keys its line in 'book stats'.",
            "--import-db adds count-only YaneuraOu books (#YANEURAOU-DB2016) as counts with unknown"
                    + " results.",
            "Games (same game_id) and .db files (same bytes) already in the book are skipped, so"
                    + " re-running changes nothing."
        })
public final class BookBuildCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--out", required = true, description = "Book directory.")
    Path out;

    @Option(
            names = "--from",
            arity = "1..*",
            paramLabel = "[NAME=]PATH[:WEIGHT]",
            description = "Records files or directories.")
    List<String> from = new ArrayList<>();

    @Option(
            names = "--from-kafka",
            description = {
                "Read the self-play GameRecords added to the games topic since the last build.",
                "Tournament games on the topic are skipped unless --include-tournaments (see"
                        + " docs/book.md)."
            })
    boolean fromKafka;

    @Option(
            names = "--kafka-weight",
            description = "Weight of the Kafka games (default ${DEFAULT-VALUE}).")
    int kafkaWeight = 1;

    @Option(
            names = "--import-db",
            paramLabel = "[NAME=]FILE[:WEIGHT]",
            description = "A count-only YaneuraOu book to count into the same book (repeatable).")
    List<String> importDb = new ArrayList<>();

    @Option(
            names = "--include-tournaments",
            description = "With --from-kafka: also count the games of tournaments.")
    boolean includeTournaments;

    @Mixin KafkaOptions kafka = new KafkaOptions();

    @Option(
            names = "--max-ply",
            description = "Count moves up to this ply (default ${DEFAULT-VALUE}).")
    int maxPly = BuildSettings.DEFAULT_MAX_PLY;

    @Option(names = "--master", description = "Spark master (default ${DEFAULT-VALUE}).")
    String master = "local[*]";

    @Option(
            names = "--min-count",
            description =
                    "Probes and exports ignore entries below this count (default"
                            + " ${DEFAULT-VALUE}).")
    long minCount = 1;

    @Option(names = "--winners-only", description = "Count only the winner's moves.")
    boolean winnersOnly;

    @Option(names = "--player", description = "Only games with this player (repeatable).")
    List<String> players = new ArrayList<>();

    @Option(
            names = "--count-random-plies",
            description =
                    "Count the uniformly random opening plies of self-play games (--random-plies)"
                            + " as book moves; by default only the moves after them count.")
    boolean countRandomPlies;

    @Option(
            names = "--partitions",
            description = "Spark partitions / SST files per index (default ${DEFAULT-VALUE}).")
    int partitions = 8;

    @Mixin ProgressOptions progress = new ProgressOptions();

    @Override
    public Integer call() throws java.io.IOException {
        if (!fromKafka && from.isEmpty() && importDb.isEmpty()) {
            throw new IllegalArgumentException(
                    "give --from FILE_OR_DIR..., --from-kafka or --import-db FILE (or several)");
        }
        if (includeTournaments && !fromKafka) {
            throw new IllegalArgumentException("--include-tournaments goes with --from-kafka");
        }
        String topic = kafka.topics().games();
        // source ids in command-line order: records, Kafka, imported books
        List<BookSource> sources = new ArrayList<>();
        for (String f : from) {
            sources.add(BookSource.parse(sources.size(), BookSource.Kind.RECORDS, f));
        }
        if (fromKafka) {
            sources.add(BookSource.kafka(sources.size(), topic, kafkaWeight));
        }
        for (String f : importDb) {
            sources.add(BookSource.parse(sources.size(), BookSource.Kind.YANEURAOU_DB, f));
        }
        // refused in a second, before Spark (8 s) or a broker starts
        sources.forEach(BookBuildCommand::checkExists);
        SparkMasterProbe.check(master);
        BuildSettings s =
                BuildSettings.defaults(out.toString(), List.of())
                        .withSources(sources)
                        .withMaster(master)
                        .withMaxPly(maxPly)
                        .withFilters(minCount, winnersOnly, Set.copyOf(players))
                        .withPartitions(partitions)
                        .withCountRandomPlies(countRandomPlies);
        BookBuildJob.Report r;
        Progress tasks = progress.start(spec.commandLine().getErr(), Progress.Unit.TASKS, 0);
        if (fromKafka) {
            try (KafkaConnection conn =
                    KafkaConnection.openLasting(
                            kafka,
                            spec.commandLine().getErr(),
                            "an embedded broker would hold no games")) {
                r =
                        BookBuildJob.runKafka(
                                s,
                                conn.settings,
                                topic,
                                includeTournaments,
                                new SparkProgress(tasks));
            }
        } else {
            r = BookBuildJob.run(s, new SparkProgress(tasks));
        }
        tasks.finish();
        PrintWriter o = spec.commandLine().getOut();
        o.printf(
                "games read %d, duplicates or known %d, rejected %d, added %d, total %d%n",
                r.gamesRead(), r.duplicates(), r.rejected(), r.gamesAdded(), r.gamesTotal());
        o.printf("identical games %d%n", r.identicalGames());
        o.printf("imported move lines %d%n", r.importedMoves());
        o.printf(
                "entries full %d, half %d, quarter %d, castle %d; positions %d%n",
                r.entries().get(Index.FULL),
                r.entries().get(Index.HALF),
                r.entries().get(Index.QUARTER),
                r.entries().get(Index.CASTLE),
                r.positions());
        o.printf("time %.1f s%n", r.seconds());
        o.println(
                r.version() != null
                        ? "published " + r.version()
                        : r.rejected() > 0 && r.gamesAdded() == 0
                                ? "book unchanged: every new game was rejected"
                                : "book unchanged (no new games or books)");
        o.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (String e : r.errors()) {
            err.println("rejected: " + Quote.cut(e, 3 * Quote.MAX));
        }
        for (String n : r.notes()) {
            err.println("joseki: warning: " + n);
        }
        if (!fromKafka && !from.isEmpty() && r.gamesRead() == 0) {
            // Files were given but held no game: an empty input is a mistake, not a build.
            err.println("no game in " + String.join(", ", from) + " (blank and # lines only)");
            return ExitCodes.FAILURE;
        }
        return r.rejected() > 0 ? ExitCodes.FAILURE : ExitCodes.OK;
    }

    /**
     * A records or .db source whose path does not exist: "no such file", or, when the path before
     * the last ':' exists, the bad weight after it ("small.db:abc" is small.db with weight abc).
     */
    private static void checkExists(BookSource source) {
        String location = source.location();
        if (source.kind() == BookSource.Kind.KAFKA || Files.exists(Path.of(location))) {
            return;
        }
        String option = source.kind() == BookSource.Kind.RECORDS ? "--from" : "--import-db";
        int colon = location.lastIndexOf(':');
        if (colon > 0 && Files.exists(Path.of(location.substring(0, colon)))) {
            throw new IllegalArgumentException(
                    option
                            + " "
                            + location
                            + ": the weight after ':' must be a whole number 1.."
                            + BookSource.MAX_WEIGHT
                            + ", got '"
                            + location.substring(colon + 1)
                            + "'");
        }
        throw new IllegalArgumentException(option + " " + location + ": no such file or directory");
    }
}
