package dev.joseki.cli.book;

import dev.joseki.book.format.AperyBook;
import dev.joseki.book.format.YaneuraOuDb;
import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.command.ExitCodes;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./joseki book export}: YaneuraOu {@code .db} or Apery {@code book.bin}. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = {
            "Exports every position with a counted or a valued move (a position only mined or"
                    + " evaluated at the ply of the shortest chain of book moves to it, else 1).",
            "yaneuraou: #YANEURAOU-DB2016 1.00, sorted by SFEN, moves best first; value and depth ="
                    + " the propagated value (book propagate),"
                    + " else the engine evaluation, else 0 and 32; ponder = most frequent reply.",
            "apery: book.bin, 16-byte entries sorted by key, both colours of every position; score"
                    + " = the move's value."
        })
public final class BookExportCommand implements Callable<Integer> {
    enum Format {
        yaneuraou,
        apery
    }

    @Spec CommandSpec spec;

    @Option(names = "--book", required = true, description = "Book directory.")
    Path book;

    @Option(names = "--format", required = true, description = "yaneuraou or apery.")
    Format format;

    @Option(names = "--out", required = true, description = "Output file.")
    Path out;

    @Override
    public Integer call() throws Exception {
        long n;
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        try (RocksBook b = RocksBook.open(book)) {
            long min = b.metadata().minCount();
            if (format == Format.yaneuraou) {
                try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII)) {
                    n = YaneuraOuDb.write(b, min, b, b::forEachValue, w);
                }
            } else {
                try (OutputStream o = Files.newOutputStream(tmp)) {
                    n = AperyBook.write(b, min, b, b::forEachValue, o);
                }
            }
        }
        Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        spec.commandLine()
                .getOut()
                .println((format == Format.yaneuraou ? "positions " : "entries ") + n);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
