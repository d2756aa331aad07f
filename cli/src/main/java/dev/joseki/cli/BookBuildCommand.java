package dev.joseki.cli;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.builder.BookBuildJob;
import dev.joseki.book.builder.BuildSettings;
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

    @Option(names = "--from-kafka", description = {"Read the self-play GameRecords added to the games topic since the last build.",
        "Tournament games on the topic are skipped unless --include-tournaments (see docs/book.md)."})
    boolean fromKafka;

    @Option(names = "--include-tournaments", description = "With --from-kafka: also count the games of tournaments.")
    boolean includeTournaments;

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
        if (includeTournaments && !fromKafka) {
            throw new IllegalArgumentException("--include-tournaments goes with --from-kafka");
        }
        String topic = kafka.topics().games();
        List<String> inputs = fromKafka ? List.of("kafka:" + topic) : from.stream().map(Path::toString).toList();
        BuildSettings s = BuildSettings.defaults(out.toString(), inputs)
                .withMaster(master).withMaxPly(maxPly).withFilters(minCount, winnersOnly, Set.copyOf(players))
                .withPartitions(partitions);
        BookBuildJob.Report r;
        if (fromKafka) {
            try (KafkaConnection conn = KafkaConnection.open(kafka, spec.commandLine().getErr())) {
                r = BookBuildJob.runKafka(s, conn.settings.bootstrapServers(), topic, conn.settings.clientProperties(),
                        includeTournaments);
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
        o.println(r.version() == null ? "book unchanged (no new games)" : "published " + r.version());
        o.flush();
        for (String e : r.errors()) {
            spec.commandLine().getErr().println("rejected: " + e);
        }
        return r.rejected() > 0 ? ExitCodes.FAILURE : ExitCodes.OK;
    }
}
