package dev.joseki.cli.book;

import dev.joseki.book.format.AperyBook;
import dev.joseki.book.format.YaneuraOuDb;
import dev.joseki.book.store.NoSpaceException;
import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.command.ExitCodes;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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

    /**
     * Writes {@code OUT.tmp} under an exclusive lock, syncs it and renames it to OUT: OUT is the
     * old file or the whole new one. A temporary file that is not locked is what a killed export
     * left; it is overwritten. A failed export removes its temporary file.
     */
    @Override
    public Integer call() throws Exception {
        long n;
        Path tmp = out.toAbsolutePath().resolveSibling(out.getFileName() + ".tmp");
        try (RocksBook b = RocksBook.open(book);
                FileChannel ch =
                        FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = ch.tryLock()) {
            if (lock == null) {
                throw new IllegalArgumentException(
                        tmp + " is being written by another export to " + out);
            }
            ch.truncate(0); // a killed export's leftover
            try {
                long min = b.metadata().minCount();
                OutputStream o = new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16);
                if (format == Format.yaneuraou) {
                    Writer w = new OutputStreamWriter(o, StandardCharsets.US_ASCII);
                    n = YaneuraOuDb.write(b, min, b, b::forEachValue, w);
                    w.flush();
                } else {
                    n = AperyBook.write(b, min, b, b::forEachValue, o);
                    o.flush();
                }
                ch.force(true);
                Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                if (NoSpaceException.isNoSpace(e)) {
                    throw new NoSpaceException(out.toAbsolutePath().getParent(), e);
                }
                throw e;
            }
        }
        spec.commandLine()
                .getOut()
                .println((format == Format.yaneuraou ? "positions " : "entries ") + n);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
