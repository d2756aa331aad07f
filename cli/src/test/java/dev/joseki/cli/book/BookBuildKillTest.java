package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.book.store.BookVersions;
import dev.joseki.cli.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code book build} killed with SIGKILL at every stage boundary ({@link
 * dev.joseki.book.store.StageHook}), then an incremental build and the re-adding of the same
 * sources, as a user would retry: the book ends with exactly the counts of a book never killed, and
 * a second re-add finds every game and .db file known. Real Spark local and RocksDB; the killed
 * build runs in a child JVM. Data: the shipped corpus (games.usi split in three, the head of
 * gps-joseki.db).
 */
@Tag("full")
class BookBuildKillTest {
    private static final Path CORPUS =
            Path.of("").toAbsolutePath().getParent().resolve("experiments/corpus");

    @TempDir static Path dir;
    static Path base, games, more, db, reference;

    @BeforeAll
    static void referenceBook() throws IOException {
        List<String> lines = Files.readAllLines(CORPUS.resolve("games.usi"));
        Path first = Files.write(dir.resolve("base.usi"), lines.subList(0, 60));
        games = Files.write(dir.resolve("games.usi"), lines.subList(60, 100));
        more = Files.write(dir.resolve("more.usi"), lines.subList(100, lines.size()));
        try (Stream<String> s = Files.lines(CORPUS.resolve("gps-joseki.db"))) {
            db = Files.write(dir.resolve("gps.db"), s.limit(3000).toList());
        }
        base = dir.resolve("base");
        assertThat(build(base, "--from", "base=" + first).status()).isZero();
        reference = copy(base, dir.resolve("reference"));
        assertThat(addGamesAndDb(reference).status()).isZero();
        assertThat(build(reference, "--from", "more=" + more).status()).isZero();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "published",
                "written",
                "closed",
                "synced",
                "pruned",
                "sst-written",
                "ingested"
            })
    void aBuildKilledAtAnyStageThenRetriedCountsEveryGameOnce(String stage) throws Exception {
        Path book = copy(base, dir.resolve("book-" + stage));
        ChildJoseki.killAt(
                stage,
                dir,
                "book",
                "build",
                "--out",
                book.toString(),
                "--master",
                "local[2]",
                "--partitions",
                "2",
                "--from",
                "games=" + games,
                "--import-db",
                "gps=" + db);

        Cli.Run incremental = build(book, "--from", "more=" + more);
        assertThat(incremental.status()).as(incremental.err()).isZero();
        try (Stream<Path> s = Files.list(book)) {
            // what the killed build left is gone: no staging directory, no unpublished version
            assertThat(s.map(p -> p.getFileName().toString()))
                    .allMatch(n -> n.equals("CURRENT") || n.equals("LOCK") || n.startsWith("v-"))
                    .filteredOn(n -> n.startsWith("v-"))
                    .hasSizeLessThanOrEqualTo(BookVersions.KEEP);
        }
        Cli.Run retry = addGamesAndDb(book);
        assertThat(retry.status()).as(retry.err()).isZero();
        if (stage.equals("published") || stage.equals("pruned")) {
            // the killed build's book was published whole: its games and .db are known
            assertThat(retry.out()).contains(", added 0,").contains("imported move lines 0");
        }
        Cli.Run again = addGamesAndDb(book);
        assertThat(again.out())
                .containsPattern("games read (\\d+), duplicates or known \\1, rejected 0, added 0,")
                .contains("imported move lines 0")
                .contains("book unchanged");
        assertThat(counts(book)).isEqualTo(counts(reference));
    }

    private static Cli.Run addGamesAndDb(Path book) {
        return build(book, "--from", "games=" + games, "--import-db", "gps=" + db);
    }

    private static Cli.Run build(Path book, String... sources) {
        String[] args =
                Stream.concat(
                                Stream.of(
                                        "book",
                                        "build",
                                        "--out",
                                        book.toString(),
                                        "--master",
                                        "local[2]",
                                        "--partitions",
                                        "2"),
                                Stream.of(sources))
                        .toArray(String[]::new);
        return Cli.run(args);
    }

    /** Every count of the book (its .db export) and its games, positions and entries. */
    private static String counts(Path book) throws IOException {
        Path out = dir.resolve(book.getFileName() + ".db");
        Cli.Run e =
                Cli.run(
                        "book",
                        "export",
                        "--book",
                        book.toString(),
                        "--format",
                        "yaneuraou",
                        "--out",
                        out.toString());
        assertThat(e.status()).as(e.err()).isZero();
        JsonNode s =
                new ObjectMapper()
                        .readTree(
                                Cli.run("book", "stats", "--book", book.toString(), "--json")
                                        .out());
        return "games "
                + s.get("games")
                + " positions "
                + s.get("positions")
                + " entries "
                + s.get("entries")
                + "\n"
                + Files.readString(out);
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        return to;
    }
}
