package dev.joseki.cli;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.builder.BookBuildJob;
import dev.joseki.book.builder.BuildSettings;
import dev.joseki.notation.Quote;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code ./joseki book build}: the Spark job. Prints a summary; bad records are listed on stderr and make
 * the exit status 1 (the book is still built from the good ones).
 */
@Command(name = "build", mixinStandardHelpOptions = true,
        description = {"Builds or extends a book from game records with Spark.",
            "Files: directories or files of game records: CSA (.csa), KIF (.kif/.kifu), KI2 (.ki2) and USI lines (.usi/.txt, one 'position ... moves ...' per line).",
            "Games already in the book (same game_id) are skipped, so re-running changes nothing."})
final class BookBuildCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, description = "Book directory.")
    Path out;

    @Option(names = "--from", arity = "1..*", description = "Input files or directories.")
    List<Path> from = new ArrayList<>();

    @Option(names = "--from-kafka", description = "Read the GameRecords added to the games topic since the last build.")
    boolean fromKafka;

    @Mixin
    KafkaOptions kafka = new KafkaOptions();

    @Option(names = "--max-ply", description = "Count moves up to this ply (default ${DEFAULT-VALUE}).")
    int maxPly = BuildSettings.DEFAULT_MAX_PLY;

    @Option(names = "--master", description = "Spark master (default ${DEFAULT-VALUE}).")
    String master = "local[*]";

    @Option(names = "--min-count", description = "Probes and exports ignore entries below this count (default ${DEFAULT-VALUE}).")
    long minCount = 1;

    @Option(names = "--winners-only", description = "Count only the winner's moves.")
    boolean winnersOnly;

    @Option(names = "--player", description = "Only games with this player (repeatable).")
    List<String> players = new ArrayList<>();

    @Option(names = "--partitions", description = "Spark partitions / SST files per index (default ${DEFAULT-VALUE}).")
    int partitions = 8;

    @Override
    public Integer call() throws java.io.IOException {
        if (fromKafka == !from.isEmpty()) {
            throw new IllegalArgumentException("give either --from FILE_OR_DIR... or --from-kafka");
        }
        String topic = kafka.topics().games();
        List<String> inputs = fromKafka ? List.of("kafka:" + topic) : from.stream().map(Path::toString).toList();
        BuildSettings s = BuildSettings.defaults(out.toString(), inputs)
                .withMaster(master).withMaxPly(maxPly).withFilters(minCount, winnersOnly, Set.copyOf(players))
                .withPartitions(partitions);
        BookBuildJob.Report r;
        if (fromKafka) {
            try (KafkaConnection conn = KafkaConnection.open(kafka, spec.commandLine().getErr())) {
                r = BookBuildJob.runKafka(s, conn.settings.bootstrapServers(), topic, conn.settings.clientProperties());
            }
        } else {
            r = BookBuildJob.run(s);
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("games read %d, duplicates or known %d, rejected %d, added %d, total %d%n",
                r.gamesRead(), r.duplicates(), r.rejected(), r.gamesAdded(), r.gamesTotal());
        o.printf("entries full %d, half %d, quarter %d; positions %d%n", r.entries().get(Index.FULL),
                r.entries().get(Index.HALF), r.entries().get(Index.QUARTER), r.positions());
        o.printf("time %.1f s%n", r.seconds());
        o.println(r.version() != null ? "published " + r.version()
                : r.rejected() > 0 && r.gamesAdded() == 0 ? "book unchanged: every new game was rejected"
                : "book unchanged (no new games)");
        o.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (String e : r.errors()) {
            err.println("rejected: " + Quote.cut(e, 3 * Quote.MAX));
        }
        if (!fromKafka && r.gamesRead() == 0) {
            // Files were given but held no game: an empty input is a mistake, not a build.
            err.println("no game in " + String.join(", ", inputs) + " (blank and # lines only)");
            return ExitCodes.FAILURE;
        }
        return r.rejected() > 0 ? ExitCodes.FAILURE : ExitCodes.OK;
    }
}
