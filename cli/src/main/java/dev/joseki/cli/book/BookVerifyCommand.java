package dev.joseki.cli.book;

import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.DamagedBookException;
import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.command.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book verify}: checks a whole book — its pointer, its MANIFEST and every block of
 * every SST file against their checksums (probes check only the blocks they read).
 */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        description =
                "Checks a book: its CURRENT pointer, its MANIFEST and the checksum of every block"
                        + " of every SST file. Exit 1 and one line naming the file when damaged.")
final class BookVerifyCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--book", required = true, description = "Book directory.")
    Path book;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        try {
            Path version = BookVersions.current(book);
            if (version == null) {
                throw new IllegalArgumentException(
                        "no book in " + book + " (missing " + BookVersions.POINTER + ")");
            }
            out.println(
                    "pointer "
                            + book.resolve(BookVersions.POINTER)
                            + " names "
                            + version.getFileName()
                            + ": ok");
            List<Path> ssts;
            try (Stream<Path> s = Files.list(version)) {
                ssts = s.filter(p -> p.getFileName().toString().endsWith(".sst")).sorted().toList();
            }
            long bytes = 0;
            for (Path p : ssts) {
                bytes += Files.size(p);
            }
            try (RocksBook b = RocksBook.openVersion(version)) {
                b.verify();
            }
            out.printf(
                    java.util.Locale.ROOT,
                    "version %s: %d SST files, %.1f MB, every block's checksum verified: ok%n",
                    version.getFileName(),
                    ssts.size(),
                    bytes / 1e6);
            out.flush();
            return ExitCodes.OK;
        } catch (DamagedBookException e) {
            out.flush();
            spec.commandLine().getErr().println(spec.qualifiedName() + ": " + e.getMessage());
            spec.commandLine().getErr().flush();
            return ExitCodes.FAILURE;
        }
    }
}
