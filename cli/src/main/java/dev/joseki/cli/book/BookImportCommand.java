package dev.joseki.cli.book;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.MoverView;
import dev.joseki.book.format.YaneuraOuDb;
import dev.joseki.book.store.BookLock;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.explorer.BookJson;
import dev.joseki.notation.RecordText;
import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book import --format yaneuraou FILE --out DIR}: a {@code .db} becomes a new book
 * version (full, half and quarter entries from each position's moves and counts; results unknown),
 * and each move's value and depth into the book's raw evaluations ({@code evals}; values are from
 * the side to move's point of view in a {@code .db}, as in the book).
 */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = "Imports a YaneuraOu .db book as a new book version.")
public final class BookImportCommand implements Callable<Integer> {
    enum Format {
        yaneuraou
    }

    @Spec CommandSpec spec;

    @Option(names = "--format", required = true, description = "yaneuraou.")
    Format format;

    @Parameters(index = "0", description = "The .db file.")
    Path file;

    @Option(names = "--out", required = true, description = "Book directory.")
    Path out;

    @Override
    public Integer call() throws Exception {
        BookAccumulator acc = new BookAccumulator();
        // each move's value column, as an engine evaluation of the mover's move (nodes 0: unknown)
        Map<byte[], MoveEval> evals = new TreeMap<>(Arrays::compareUnsigned);
        long[] counted = {0};
        boolean[] anyValue = {false};
        try (BufferedReader r = RecordText.open(file)) {
            YaneuraOuDb.read(
                    r,
                    file.toString(),
                    (YaneuraOuDb.ValuedMoveSink)
                            (pos, move, count, eval) -> {
                                if (count > 0) {
                                    acc.addMove(
                                            pos,
                                            move,
                                            new MoveStats(
                                                    count,
                                                    0,
                                                    0,
                                                    0,
                                                    pos.moveNumber(),
                                                    pos.moveNumber()));
                                    counted[0]++;
                                }
                                if (eval != null) {
                                    anyValue[0] |= eval.value() != 0;
                                    evals.merge(
                                            BookLayout.entryKey(
                                                    FullKey.of(pos), MoverView.toMover(pos, move)),
                                            eval,
                                            MoveEval::better);
                                }
                            });
        }
        long moves = counted[0];
        // A count-only book (GPSShogi's, an export of a book without values) writes value 0 on
        // every line, with depth 0 or 32: those are placeholders, not evaluations of 0.
        boolean countOnly = !anyValue[0] && !evals.isEmpty();
        if (countOnly) {
            evals.clear();
        }
        Files.createDirectories(out);
        Map<String, String> meta = new LinkedHashMap<>();
        // the lock removes what dead commands left; a failure removes the unpublished version
        BookLock lock = BookLock.acquire(out.toAbsolutePath(), Instant.now());
        Path version = BookVersions.newVersion(out.toAbsolutePath());
        try (BookStore store = BookStore.create(version, null)) {
            long positions = 0;
            for (Index i : Index.values()) {
                Map<byte[], byte[]> m = new LinkedHashMap<>();
                acc.entries(i).forEach((k, v) -> m.put(k, BookLayout.encode(v)));
                store.put(i, m);
                meta.put(BookMetadata.ENTRIES_PREFIX + i.columnFamily(), Long.toString(m.size()));
                if (i == Index.FULL) {
                    positions =
                            m.keySet().stream()
                                    .map(
                                            k ->
                                                    java.util.HexFormat.of()
                                                            .formatHex(BookLayout.indexKey(k)))
                                    .distinct()
                                    .count();
                }
            }
            store.putEvals(EvalLayout.Table.EVALS, evals);
            meta.put(BookMetadata.GAMES, "0");
            meta.put(BookMetadata.POSITIONS, Long.toString(positions));
            meta.put(BookMetadata.BUILT_AT, Instant.now().toString());
            long count =
                    acc.entries(Index.FULL).values().stream()
                            .mapToLong(dev.joseki.book.MoveStats::count)
                            .sum();
            // the sources shape of book build (docs/book.md): one yaneuraou-db source of weight 1
            com.fasterxml.jackson.databind.node.ObjectNode src =
                    com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
            src.putObject(file.getFileName().toString())
                    .put("kind", "yaneuraou-db")
                    .put("location", file.toString())
                    .put("weight", 1)
                    .put("games", 0)
                    .put("imported_moves", moves)
                    .put("imported_positions", positions)
                    .put("count", count)
                    .put("entries", acc.entries(Index.FULL).size());
            meta.put(BookMetadata.SOURCES, BookJson.write(src));
            meta.put(BookMetadata.SETTINGS, "{\"import\":\"yaneuraou\"}");
            store.putMetadata(meta);
        } catch (RuntimeException e) {
            BookVersions.discard(version, e);
            lock.close();
            throw e;
        }
        try {
            BookVersions.publish(out.toAbsolutePath(), version);
        } finally {
            lock.close();
        }
        spec.commandLine()
                .getOut()
                .println(
                        "moves "
                                + moves
                                + ", positions "
                                + meta.get(BookMetadata.POSITIONS)
                                + ", evaluations "
                                + evals.size()
                                + (countOnly
                                        ? " (every move's value is 0: a count-only book, no"
                                                + " evaluations imported)"
                                        : ""));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
