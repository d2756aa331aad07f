package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.store.BookVersions;
import dev.joseki.cli.Cli;
import dev.joseki.cli.command.ExitCodes;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A book whose largest SST file has bytes changed (same size) is refused, never read on: probe,
 * serve and verify say it is damaged and name the file; every answer that is given is the undamaged
 * book's. Real RocksDB; the book is the head of the shipped gps-joseki.db, imported.
 */
@Tag("full")
class BookDamageTest {
    private static final Path CORPUS =
            Path.of("").toAbsolutePath().getParent().resolve("experiments/corpus");

    @TempDir static Path dir;
    static Path book;
    static List<String> sfens = new ArrayList<>();

    @BeforeAll
    static void importedBook() throws IOException {
        Path db;
        try (Stream<String> s = Files.lines(CORPUS.resolve("gps-joseki.db"))) {
            db = Files.write(dir.resolve("gps.db"), s.limit(3000).toList());
        }
        List<String> lines = Files.readAllLines(db);
        for (int i = 0, n = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("sfen ") && n++ % 3 == 0) { // a third of them: probes are slow
                sfens.add(l.substring(5));
            }
        }
        book = importBook(dir.resolve("book"));
    }

    static Path importBook(Path to) {
        Cli.Run r =
                Cli.run(
                        "book",
                        "import",
                        "--format",
                        "yaneuraou",
                        dir.resolve("gps.db").toString(),
                        "--out",
                        to.toString());
        assertThat(r.status()).as(r.err()).isZero();
        return to;
    }

    /** Changes one byte in every 512 of the first third of the file (data blocks come first). */
    static Path damageLargestSst(Path bookDir) throws IOException {
        Path sst;
        try (Stream<Path> s = Files.list(BookVersions.current(bookDir))) {
            sst =
                    s.filter(p -> p.toString().endsWith(".sst"))
                            .max(Comparator.comparingLong(p -> p.toFile().length()))
                            .orElseThrow();
        }
        long size = Files.size(sst);
        try (RandomAccessFile f = new RandomAccessFile(sst.toFile(), "rw")) {
            for (long at = 100; at < size / 3; at += 512) {
                f.seek(at);
                int b = f.read();
                f.seek(at);
                f.write(b ^ 0x5a);
            }
        }
        assertThat(Files.size(sst)).isEqualTo(size);
        return sst;
    }

    static Path copy(Path from, Path to) throws IOException {
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

    @Test
    void probesOfADamagedBookAreRefusedNamingTheFileOrAnsweredAsBeforeTheDamage()
            throws IOException {
        List<String> before = new ArrayList<>();
        for (String sfen : sfens) {
            before.add(Cli.run("book", "probe", "--book", book.toString(), "--sfen", sfen).out());
        }
        // a book of the same content that this process never read: the block cache, shared by
        // the books a process opens, holds none of its blocks (a copy's blocks would share the
        // original's cache keys)
        Path damaged = importBook(dir.resolve("probed"));
        Path sst = damageLargestSst(damaged);
        int refused = 0;
        for (int i = 0; i < sfens.size(); i++) {
            Cli.Run r =
                    Cli.run("book", "probe", "--book", damaged.toString(), "--sfen", sfens.get(i));
            if (r.status() == 0) {
                assertThat(r.out()).as(sfens.get(i)).isEqualTo(before.get(i));
            } else {
                refused++;
                assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
                assertThat(r.err().lines())
                        .singleElement()
                        .asString()
                        .startsWith("joseki book probe: " + sst + " is damaged: ");
            }
        }
        assertThat(refused).isPositive();
    }

    @Test
    void verifyFindsTheDamagedFileThatProbesMayNotRead() throws IOException {
        Cli.Run ok = Cli.run("book", "verify", "--book", book.toString());
        assertThat(ok.status()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("every block's checksum verified: ok");
        Path damaged = copy(book, dir.resolve("verified"));
        Path sst = damageLargestSst(damaged);
        Cli.Run r = Cli.run("book", "verify", "--book", damaged.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.FAILURE);
        assertThat(r.err().lines())
                .singleElement()
                .asString()
                .startsWith("joseki book verify: " + sst + " is damaged: ");
    }

    @Test
    void theServerAnswers503ForADamagedBookNeverAWrongAnswer() throws Exception {
        Path damaged = copy(book, dir.resolve("served"));
        List<String> before = new ArrayList<>();
        Process p = BookServeCommandTest.serve(book);
        try {
            String url = BookServeCommandTest.address(p);
            for (String sfen : sfens) {
                HttpResponse<String> r = BookServeCommandTest.get(url + probe(sfen));
                assertThat(r.statusCode()).isEqualTo(200);
                before.add(r.body());
            }
        } finally {
            p.destroyForcibly().waitFor();
        }
        damageLargestSst(damaged);
        p = BookServeCommandTest.serve(damaged);
        try {
            String url = BookServeCommandTest.address(p);
            int unavailable = 0;
            for (int i = 0; i < sfens.size(); i++) {
                HttpResponse<String> r = BookServeCommandTest.get(url + probe(sfens.get(i)));
                if (r.statusCode() == 200) {
                    assertThat(r.body()).as(sfens.get(i)).isEqualTo(before.get(i));
                } else {
                    assertThat(r.statusCode()).isEqualTo(503);
                    assertThat(r.body()).contains("damaged");
                    unavailable++;
                }
            }
            assertThat(unavailable).isPositive();
        } finally {
            p.destroyForcibly().waitFor();
        }
    }

    private static String probe(String sfen) {
        return "api/probe?sfen=" + URLEncoder.encode(sfen, StandardCharsets.UTF_8);
    }
}
