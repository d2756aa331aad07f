package dev.joseki.cli.book;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.explorer.BookJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./joseki book stats}: the book's metadata. */
@Command(
        name = "stats",
        mixinStandardHelpOptions = true,
        description = "Shows what a book holds and how it was built.")
public final class BookStatsCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--book", required = true, description = "Book directory.")
    Path book;

    @Option(names = "--json", description = "JSON output (cli.md shape).")
    boolean json;

    @Override
    public Integer call() throws Exception {
        BookMetadata m;
        try (RocksBook b = RocksBook.open(book)) {
            m = b.metadata();
        }
        ObjectNode root = BookJson.stats(m);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(BookJson.write(root));
        } else {
            root.properties().stream()
                    .filter(e -> !e.getKey().equals("sources"))
                    .forEach(e -> out.println(e.getKey() + " " + e.getValue()));
            // one line per source: its share of the book's counts and of its full-index entries
            root.get("sources")
                    .properties()
                    .forEach(
                            e -> {
                                var v = e.getValue();
                                out.printf(
                                        java.util.Locale.ROOT,
                                        "source %s kind %s weight %d games %d imported_moves %d"
                                                + " count %d (%.1f%%) entries %d (%.1f%%)%n",
                                        e.getKey(),
                                        v.path("kind").asText("records"),
                                        v.path("weight").asInt(1),
                                        v.path("games").asLong(),
                                        v.path("imported_moves").asLong(),
                                        v.path("count").asLong(),
                                        100 * v.path("count_share").asDouble(),
                                        v.path("entries").asLong(),
                                        100 * v.path("entries_share").asDouble());
                            });
        }
        out.flush();
        return ExitCodes.OK;
    }
}
