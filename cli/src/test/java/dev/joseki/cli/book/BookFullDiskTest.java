package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.Cli;
import dev.joseki.cli.command.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A book on a real 1 MB tmpfs: a build and an import that fill it end with one line, {@code no
 * space left on device: BOOK}, exit 2, the old book published and unchanged, and nothing of theirs
 * left on the disk (no staging directory, no new version, no JVM crash log). Mounting needs root,
 * as CI runs.
 */
@Tag("full")
class BookFullDiskTest {
    private static final Path CORPUS =
            Path.of("").toAbsolutePath().getParent().resolve("experiments/corpus");

    @TempDir static Path dir;
    static Path disk, book;
    static String probeBefore;

    @BeforeAll
    static void smallBookOnASmallDisk() throws Exception {
        disk = Files.createDirectories(dir.resolve("disk"));
        Process mount =
                new ProcessBuilder(
                                "mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.toString())
                        .redirectErrorStream(true)
                        .start();
        String said = new String(mount.getInputStream().readAllBytes());
        assertThat(mount.waitFor()).as("mount a 3 MB tmpfs (needs root): " + said).isZero();
        List<String> games = Files.readAllLines(CORPUS.resolve("games.usi")).subList(0, 20);
        Path usi = Files.write(dir.resolve("base.usi"), games);
        book = disk.resolve("book");
        Cli.Run r =
                Cli.run(
                        "book",
                        "build",
                        "--out",
                        book.toString(),
                        "--master",
                        "local[2]",
                        "--partitions",
                        "2",
                        "--from",
                        "base=" + usi);
        assertThat(r.status()).as(r.err()).isZero();
        probeBefore =
                Cli.run("book", "probe", "--book", book.toString(), "--sfen", "startpos").out();
    }

    @AfterAll
    static void unmount() throws Exception {
        new ProcessBuilder("umount", disk.toString()).inheritIO().start().waitFor();
    }

    @Test
    void aBuildThatFillsTheDiskSaysSoInOneLineAndLeavesTheOldBook() throws Exception {
        List<String> before = listing();
        ChildJoseki.Done d =
                ChildJoseki.run(
                        dir,
                        "book",
                        "build",
                        "--out",
                        book.toString(),
                        "--master",
                        "local[2]",
                        "--partitions",
                        "2",
                        "--max-ply",
                        "64",
                        "--from",
                        "lines=" + CORPUS.resolve("gnushogi-lines.usi"),
                        "--import-db",
                        "gps=" + CORPUS.resolve("gps-joseki.db"),
                        "--no-progress");
        assertThat(d.status()).as(d.err()).isEqualTo(ExitCodes.USAGE);
        // the phase lines aside, one line
        assertThat(d.err().lines().filter(l -> !l.startsWith("book build: ")))
                .as(d.err())
                .containsExactly("joseki book build: no space left on device: " + book);
        assertUntouched(before);
    }

    @Test
    void anImportThatFillsTheDiskSaysSoInOneLineAndLeavesTheOldBook() throws Exception {
        List<String> before = listing();
        ChildJoseki.Done d =
                ChildJoseki.run(
                        dir,
                        "book",
                        "import",
                        "--format",
                        "yaneuraou",
                        CORPUS.resolve("gps-joseki.db").toString(),
                        "--out",
                        book.toString());
        assertThat(d.status()).as(d.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(d.err().lines())
                .as(d.err())
                .singleElement()
                .asString()
                .startsWith("joseki book import: no space left on device: " + book);
        assertUntouched(before);
    }

    private void assertUntouched(List<String> before) throws IOException {
        assertThat(listing()).isEqualTo(before);
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.startsWith("hs_err"));
        }
        assertThat(Cli.run("book", "probe", "--book", book.toString(), "--sfen", "startpos").out())
                .isEqualTo(probeBefore);
    }

    /** Every file on the small disk, with its size. */
    private static List<String> listing() throws IOException {
        try (Stream<Path> s = Files.walk(disk)) {
            // RocksDB's info logs (LOG, LOG.old.*) are rewritten by every reader
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("LOG"))
                    .map(p -> disk.relativize(p) + " " + p.toFile().length())
                    .sorted()
                    .toList();
        }
    }
}
