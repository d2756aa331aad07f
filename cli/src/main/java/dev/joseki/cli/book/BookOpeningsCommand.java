package dev.joseki.cli.book;

import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.GameOptions;
import dev.joseki.play.Opening;
import dev.joseki.tournament.BookOpenings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book openings}: writes openings generated from a book as the paper does ({@link
 * BookOpenings}), one {@code startpos moves ...} line each, usable as {@code tournament --openings
 * FILE}.
 */
@Command(
        name = "openings",
        mixinStandardHelpOptions = true,
        description = {
            "Generates tournament openings from a book: the first --plies plies by full matching"
                + " with frequency-weighted random moves; an end position already used is skipped"
                + " (another draw is tried)."
        })
public final class BookOpeningsCommand implements Callable<Integer> {
    /** Openings a tournament generates by default at most (one per round). */
    public static final int DEFAULT_TOURNAMENT_COUNT = 2_000;

    @Spec CommandSpec spec;

    @Option(names = "--book", required = true, paramLabel = "DIR", description = "Book directory.")
    Path book;

    @Option(names = "--count", required = true, paramLabel = "N", description = "Openings wanted.")
    int count;

    @Option(
            names = "--plies",
            paramLabel = "P",
            description = "Plies per opening (default ${DEFAULT-VALUE}).")
    int plies = 10;

    /** Seeds the frequency-weighted draws of the book's moves. */
    @Mixin GameOptions.Seed seed;

    @Option(names = "--out", paramLabel = "FILE", description = "Output file (default: stdout).")
    Path out;

    @Override
    public Integer call() throws IOException {
        BookOpenings.Generated g = generate(book, count, plies, seed.seed);
        StringBuilder sb = new StringBuilder();
        for (Opening o : g.openings()) {
            sb.append(o.usi()).append('\n');
        }
        if (out != null) {
            Files.writeString(out, sb.toString(), StandardCharsets.UTF_8);
        } else {
            spec.commandLine().getOut().print(sb);
            spec.commandLine().getOut().flush();
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("joseki: " + summary(g, count, plies));
        err.flush();
        return g.openings().size() == count ? ExitCodes.OK : ExitCodes.FAILURE;
    }

    public static BookOpenings.Generated generate(Path book, int count, int plies, long seed) {
        if (!Files.isDirectory(book)) {
            throw new IllegalArgumentException("book directory " + book + " does not exist");
        }
        try (RocksBook b = RocksBook.open(book)) {
            return BookOpenings.generate(
                    b, count, plies, seed, BookOpenings.ATTEMPTS_PER_OPENING * count);
        }
    }

    public static String summary(BookOpenings.Generated g, int count, int plies) {
        return "made "
                + g.openings().size()
                + " of "
                + count
                + " openings of "
                + plies
                + " plies from the book in "
                + g.attempts()
                + " draws ("
                + g.duplicates()
                + " ended in a position already used, "
                + g.outOfBook()
                + " left the book early)";
    }
}
