package dev.joseki.cli.book;

import dev.joseki.book.FullKey;
import dev.joseki.book.values.BookPropagation;
import dev.joseki.book.values.ValueDepth;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.explorer.ExplorerLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book propagate --book DIR}: min-max back-propagation of the book's engine values
 * (the rules of YaneuraOu's {@code makebook peta_shock}, see BookPropagation and Propagation), as a
 * new book version.
 */
@Command(
        name = "propagate",
        mixinStandardHelpOptions = true,
        description = {
            "Min-max back-propagation of engine values over the book graph (peta_shock rules), as a"
                    + " new book version.",
            "Transpositions by every legal move; repetition cycles start as draws (0); perpetual"
                    + " checks lose for the checker."
        })
public final class BookPropagateCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--book", required = true, description = "Book directory.")
    Path book;

    @Option(
            names = "--threads",
            defaultValue = "2",
            description = "Threads for the graph scan (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(
            names = "--root",
            defaultValue = "startpos",
            description =
                    "Position whose value the report prints: 'startpos', an SFEN or a USI line"
                            + " (default ${DEFAULT-VALUE}).")
    String root;

    @Override
    public Integer call() {
        if (!Files.isDirectory(book)) {
            throw new IllegalArgumentException("--book " + book + ": no such directory");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
        }
        byte[] rootKey = FullKey.of(ExplorerLine.parse(root, null, "--root").position());
        BookPropagation.Summary s = BookPropagation.run(book.toAbsolutePath(), threads, rootKey);
        Runtime rt = Runtime.getRuntime();
        spec.commandLine()
                .getOut()
                .printf(
                        Locale.ROOT,
                        "nodes %d, moves %d, edges %d (legal moves tried %d), values %d, check-loop"
                            + " nodes %d, sweeps %d%nroot %s%nscan %.1f s, propagate %.1f s, write"
                            + " %.1f s; heap in use %d MB%nversion %s%n",
                        s.nodes(),
                        s.moves(),
                        s.edges(),
                        s.legalMoves(),
                        s.valued(),
                        s.checkLoopNodes(),
                        s.sweeps(),
                        s.rootValue() == ValueDepth.UNKNOWN
                                ? "no value"
                                : "value "
                                        + ValueDepth.value(s.rootValue())
                                        + " depth "
                                        + ValueDepth.depth(s.rootValue()),
                        s.scanSeconds(),
                        s.propagateSeconds(),
                        s.writeSeconds(),
                        (rt.totalMemory() - rt.freeMemory()) >> 20,
                        s.version().getFileName());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
