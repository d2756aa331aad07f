package dev.joseki.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.store.RocksBook;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ./joseki book stats}: the book's metadata. */
@Command(name = "stats", mixinStandardHelpOptions = true, description = "Shows what a book holds and how it was built.")
final class BookStatsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

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
            root.properties().forEach(e -> out.println(e.getKey() + " " + e.getValue()));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
