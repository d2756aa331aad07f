package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BookImportCommandTest {
    private static final String STARTPOS =
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    private static Cli.Run importDb(Path dir, String... lines) throws Exception {
        Path db = dir.resolve("small.db");
        Files.writeString(db, "#YANEURAOU-DB2016 1.00\n" + String.join("\n", lines) + "\n");
        return Cli.run(
                "book",
                "import",
                "--format",
                "yaneuraou",
                db.toString(),
                "--out",
                dir.resolve("book").toString());
    }

    @Test
    void aCountOnlyDbImportsNoEvaluations(@TempDir Path dir) throws Exception {
        // GPSShogi's book and our exports of a book without values: value 0 on every line
        Cli.Run r = importDb(dir, STARTPOS, "7g7f none 0 0 10", "2g2f none 0 32 5");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .startsWith("moves 2, positions 1, evaluations 0 (every move's value is 0");
        String probe =
                Cli.run(
                                "book",
                                "probe",
                                "--book",
                                dir.resolve("book").toString(),
                                "--sfen",
                                "startpos")
                        .out();
        assertThat(probe.lines().filter(l -> l.startsWith("full ") || l.startsWith("eval ")))
                .containsExactly(
                        "full 7g7f count 10 wins 0 draws 0 losses 0",
                        "full 2g2f count 5 wins 0 draws 0 losses 0");
    }

    @Test
    void aDbWithValuesKeepsThemAll(@TempDir Path dir) throws Exception {
        // a value of 0 among others is an evaluation like any other
        Cli.Run r = importDb(dir, STARTPOS, "7g7f none 40 12 10", "2g2f none 0 11 5");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .isEqualTo("moves 2, positions 1, evaluations 2" + System.lineSeparator());
    }
}
