package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.cli.Cli;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.notation.Sfen;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hand-written .db with values → book import → book propagate → probe and export. Worked out by
 * hand: after 7g7f White's best is 3c3d (−30, a leaf: depth 0), so 7g7f is worth (30, 1) to Black;
 * after 2g2f White's only move 3c3d is −80, so 2g2f is worth (80, 1); the start position is worth
 * (80, 1), principal line 2g2f 3c3d.
 */
class BookPropagateCommandTest {
    static final String DB =
            "#YANEURAOU-DB2016 1.00\n"
                    + "sfen "
                    + Sfen.STARTPOS
                    + "\n"
                    + "7g7f none 0 0 1\n"
                    + "2g2f none 0 0 1\n"
                    + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n"
                    + "3c3d none -30 10 1\n"
                    + "8c8d none -50 12 1\n"
                    + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2\n"
                    + "3c3d none -80 9 1\n";

    @TempDir Path dir;

    @Test
    void shouldPropagateImportedValuesToTheRootAndExportThem() throws Exception {
        Path db = dir.resolve("in.db"), book = dir.resolve("book"), out = dir.resolve("out.db");
        Files.writeString(db, DB);
        Cli.Run imp =
                Cli.run(
                        "book",
                        "import",
                        "--format",
                        "yaneuraou",
                        db.toString(),
                        "--out",
                        book.toString());
        assertThat(imp.out()).contains("moves 5, positions 3, evaluations 5");
        Cli.Run p = Cli.run("book", "propagate", "--book", book.toString());
        assertThat(p.status()).as(p.err()).isZero();
        assertThat(p.out()).contains("nodes 3, moves 5, edges 2", "root value 80 depth 1");

        JsonNode j =
                new ObjectMapper()
                        .readTree(
                                Cli.run(
                                                "book",
                                                "probe",
                                                "--book",
                                                book.toString(),
                                                "--sfen",
                                                "startpos",
                                                "--json")
                                        .out());
        for (JsonNode f : j.get("full")) {
            String m = f.get("move").asText();
            assertThat(f.get("value").asInt()).as(m).isEqualTo(m.equals("2g2f") ? 80 : 30);
            assertThat(f.get("depth").asInt()).as(m).isEqualTo(1);
        }
        assertThat(j.get("principal_line").findValuesAsText("move"))
                .containsExactly("2g2f", "3c3d");

        assertThat(
                        Cli.run(
                                        "book",
                                        "export",
                                        "--book",
                                        book.toString(),
                                        "--format",
                                        "yaneuraou",
                                        "--out",
                                        out.toString())
                                .status())
                .isZero();
        List<String> lines = Files.readAllLines(out);
        int at = lines.indexOf("sfen " + Sfen.STARTPOS);
        assertThat(lines.get(at + 1)).matches("2g2f \\S+ 80 1 1");
        assertThat(lines.get(at + 2)).matches("7g7f \\S+ 30 1 1");
    }

    @Test
    void shouldNameAMissingBookDirectoryInOneLine() {
        Cli.Run r = Cli.run("book", "propagate", "--book", dir.resolve("nothing").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .isEqualTo(
                        "joseki book propagate: --book "
                                + dir.resolve("nothing")
                                + ": no such directory");
    }
}
