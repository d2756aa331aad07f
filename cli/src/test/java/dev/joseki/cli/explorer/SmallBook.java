package dev.joseki.cli.explorer;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.GameExploder;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.notation.GameRecord;
import dev.joseki.notation.RecordFormat;
import dev.joseki.notation.RecordReader;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Small real books for the explorer's tests: games exploded by {@link GameExploder} and written
 * through {@code BookStore} into a published RocksDB version on disk (the path {@code book build}
 * ends with, minus Spark). Shared with the browser test in explorer-it through the cli test jar.
 */
public final class SmallBook {
    /** Ply limit of the books written here, as in {@code book build}'s default. */
    public static final int MAX_PLY = 40;

    private final BookAccumulator acc = new BookAccumulator();
    private final Map<String, Long> sources = new LinkedHashMap<>();
    private long games;

    /** One game from the start position; moves in USI. */
    public SmallBook game(String source, Result result, String... usi) {
        Position p = Sfen.startPosition();
        int[] moves = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        return add(source, Sfen.startPosition(), moves, result);
    }

    /** Every game of the real KIF records in common's test resources (folder kifu-for-js). */
    public SmallBook realKifRecords(Path repositoryRoot) {
        Path dir = repositoryRoot.resolve("common/src/test/resources/records/kifu-for-js");
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".kif")).sorted().toList()) {
                for (GameRecord g : RecordReader.read(f, RecordFormat.KIF)) {
                    add(f.getFileName().toString(), g.startPosition(), g.moveArray(), g.result());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    private SmallBook add(String source, Position start, int[] moves, Result result) {
        GameExploder.explode(start, moves, result, MAX_PLY, false, acc);
        sources.merge(source, 1L, Long::sum);
        games++;
        return this;
    }

    /** Writes and publishes the book under dir; returns dir. */
    public Path write(Path dir) {
        Path v = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(v, null)) {
            Map<String, String> meta = new LinkedHashMap<>();
            for (Index i : Index.values()) {
                Map<byte[], byte[]> m = new LinkedHashMap<>();
                acc.entries(i).forEach((k, st) -> m.put(k, BookLayout.encode(st)));
                s.put(i, m);
                meta.put("entries." + i.columnFamily(), Integer.toString(m.size()));
            }
            meta.put("games", Long.toString(games));
            meta.put(
                    "positions",
                    Long.toString(
                            acc.entries(Index.FULL).keySet().stream()
                                    .map(k -> HexFormat.of().formatHex(BookLayout.indexKey(k)))
                                    .distinct()
                                    .count()));
            meta.put("max_ply", Integer.toString(MAX_PLY));
            meta.put("built_at", "2026-11-22T00:00:00Z");
            StringBuilder src = new StringBuilder("{");
            sources.forEach(
                    (k, n) ->
                            src.append(src.length() > 1 ? "," : "")
                                    .append('"')
                                    .append(k)
                                    .append("\":")
                                    .append(n));
            meta.put("sources", src.append('}').toString());
            // As the builder records them: the Spark master is build-machine detail the explorer
            // leaves out.
            meta.put(
                    "settings",
                    "{\"max_ply\":" + MAX_PLY + ",\"master\":\"spark://build-host:7077\"}");
            s.putMetadata(meta);
        }
        BookVersions.publish(dir, v);
        return dir;
    }

    /** The accumulated entries (for checks that need no RocksDB). */
    public BookAccumulator entries() {
        return acc;
    }
}
