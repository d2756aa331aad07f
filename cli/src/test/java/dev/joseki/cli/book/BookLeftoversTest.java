package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.store.BookVersions;
import dev.joseki.cli.Cli;
import dev.joseki.cli.SmallBook;
import dev.joseki.cli.command.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What killed or failed commands leave — staging directories, versions never published, the
 * pointer's and an export's temporary files — is removed by the next command writing there, and a
 * failing command leaves nothing of its own. (A killed {@code book build}'s staging directory and
 * unpublished version: {@link BookBuildKillTest}.) Real RocksDB.
 */
@Tag("full")
class BookLeftoversTest {
    private static final String DB =
            "#YANEURAOU-DB2016 1.00\n"
                    + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
                    + "7g7f none 0 0 5\n"
                    + "2g2f none 0 32 2\n";

    private static void leaveBehind(Path book) throws IOException {
        FileTime past = FileTime.from(Instant.now().minusSeconds(120));
        Path staging = Files.createDirectories(book.resolve(".staging-1234/full"));
        Files.writeString(staging.resolve("part-0.sst"), "half an SST");
        Path unpublished = Files.createDirectories(book.resolve("v-29991231T000000-1"));
        Files.writeString(unpublished.resolve("000004.log"), "a killed import's store");
        Files.writeString(book.resolve("CURRENT.tmp"), "v-29991231T000000-1");
        for (Path p : List.of(staging.getParent(), unpublished, book.resolve("CURRENT.tmp"))) {
            Files.setLastModifiedTime(p, past);
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void anImportRemovesWhatDeadCommandsLeftInTheBook(@TempDir Path tmp) throws IOException {
        Path book = SmallBook.write(tmp.resolve("book"));
        leaveBehind(book);
        Path db = Files.writeString(tmp.resolve("gps.db"), DB);
        Cli.Run r =
                Cli.run(
                        "book",
                        "import",
                        "--format",
                        "yaneuraou",
                        db.toString(),
                        "--out",
                        book.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("removed " + book.toRealPath().resolve(".staging-1234"));
        assertThat(names(book))
                .doesNotContain(".staging-1234", "v-29991231T000000-1", "CURRENT.tmp")
                .allMatch(n -> n.equals("CURRENT") || n.equals("LOCK") || n.startsWith("v-"));
        assertThat(BookVersions.current(book).getFileName().toString())
                .isNotEqualTo("v-29991231T000000-1");
    }

    @Test
    void anExportOverwritesAKilledExportsTemporaryFileAndAFailedOneLeavesNone(@TempDir Path tmp)
            throws IOException {
        Path book = SmallBook.write(tmp.resolve("book"));
        Path out = tmp.resolve("book.db");
        Files.writeString(tmp.resolve("book.db.tmp"), "the first half of a killed export");
        Cli.Run r =
                Cli.run(
                        "book",
                        "export",
                        "--book",
                        book.toString(),
                        "--format",
                        "yaneuraou",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(Files.readString(out))
                .startsWith("#YANEURAOU-DB2016 1.00")
                .doesNotContain("killed");
        assertThat(names(tmp)).containsExactlyInAnyOrder("book", "book.db");

        // the move to OUT fails: OUT is a directory that is not empty
        Path taken = Files.createDirectories(tmp.resolve("taken"));
        Files.writeString(taken.resolve("keep"), "x");
        Cli.Run failed =
                Cli.run(
                        "book",
                        "export",
                        "--book",
                        book.toString(),
                        "--format",
                        "yaneuraou",
                        "--out",
                        taken.toString());
        assertThat(failed.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(names(tmp)).containsExactlyInAnyOrder("book", "book.db", "taken");
    }
}
