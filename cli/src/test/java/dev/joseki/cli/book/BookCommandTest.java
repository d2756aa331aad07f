package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.cli.Cli;
import dev.joseki.cli.SmallBook;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.notation.Sfen;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The book subcommands other than build (which needs Spark; see book-builder's tests) on a real
 * RocksDB book.
 */
class BookCommandTest {
    @TempDir static Path dir;
    static Path book;

    @BeforeAll
    static void smallBook() {
        book = SmallBook.write(dir.resolve("book"));
    }

    @Test
    void probeJsonHasTheFixedShape() throws Exception {
        Cli.Run r =
                Cli.run("book", "probe", "--book", book.toString(), "--sfen", "startpos", "--json");
        assertThat(r.status()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("full").get(0).get("move").asText()).isEqualTo("7g7f");
        assertThat(j.get("full").get(0).get("count").asLong()).isEqualTo(2);
        assertThat(j.get("full").get(0).get("wins").asLong()).isEqualTo(1);
        assertThat(j.get("full").get(0).get("losses").asLong()).isEqualTo(1);
        assertThat(j.get("full").get(0).has("draws")).isTrue();
        // the start position half-matches itself at ply 1: 7g7f twice, bonus max(75, 50 + 2*2) = 75
        assertThat(j.get("half").get(0).get("move").asText()).isEqualTo("7g7f");
        assertThat(j.get("half").get(0).get("frequency").asLong()).isEqualTo(2);
        assertThat(j.get("half").get(0).get("bonus").asLong()).isEqualTo(75);
        JsonNode q = j.get("quarter").get(0);
        assertThat(q.get("move").asText()).isEqualTo("7g7f");
        assertThat(q.get("area").asText()).isEqualTo("left");
        assertThat(q.get("frequency").asLong()).isEqualTo(4);
        assertThat(q.get("bonus").asLong()).isEqualTo(25); // max(100/4, 100/8 + 4) = 25
        // castle (no ply): the start formation's LEFT area saw 7g7f from Black in A and B and from
        // White (3c3d turned 180°) in A and C; its RIGHT area 2g2f from Black in A (ply 3) and C,
        // White in B (8c8d)
        JsonNode c = j.get("castle");
        assertThat(c).hasSize(2);
        assertThat(c.get(0).get("move").asText()).isEqualTo("7g7f");
        assertThat(c.get(0).get("frequency").asLong()).isEqualTo(4);
        assertThat(c.get(0).get("area").asText()).isEqualTo("left");
        assertThat(c.get(1).get("move").asText()).isEqualTo("2g2f");
        assertThat(c.get(1).get("frequency").asLong()).isEqualTo(3);
        assertThat(c.get(1).get("area").asText()).isEqualTo("right");
    }

    @Test
    void probeAnswersWhiteInItsOwnCoordinates() {
        Cli.Run r =
                Cli.run(
                        "book",
                        "probe",
                        "--book",
                        book.toString(),
                        "--sfen",
                        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
        assertThat(r.out())
                .contains("full 3c3d count 1 wins 0 draws 0 losses 1")
                .contains("full 8c8d count 1 wins 1 draws 0 losses 0");
    }

    @Test
    void statsJsonHasTheFixedShape() throws Exception {
        Cli.Run r = Cli.run("book", "stats", "--book", book.toString(), "--json");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("games").asLong()).isEqualTo(3);
        assertThat(j.get("positions").asLong()).isEqualTo(4);
        assertThat(j.get("entries").get("full").asLong()).isEqualTo(6); // 2 + 2 + 1 + 1 moves
        assertThat(j.get("max_ply").asLong()).isEqualTo(40);
        assertThat(j.has("built_at")).isTrue();
        // written the way books before weighted sources stored it ({"test": 3}): read as its games
        assertThat(j.get("sources").get("test").get("games").asLong()).isEqualTo(3);
        assertThat(j.get("entries").get("castle").asLong())
                .isEqualTo(2); // every move was made from a start formation: LEFT/7g7f, RIGHT/2g2f
    }

    @Test
    void exportedDbReimportsToTheSameFullCounts() throws Exception {
        Path db = dir.resolve("user_book1.db");
        assertThat(
                        Cli.run(
                                        "book",
                                        "export",
                                        "--book",
                                        book.toString(),
                                        "--format",
                                        "yaneuraou",
                                        "--out",
                                        db.toString())
                                .status())
                .isZero();
        assertThat(Files.readAllLines(db).get(0)).isEqualTo("#YANEURAOU-DB2016 1.00");
        Path again = dir.resolve("again");
        assertThat(
                        Cli.run(
                                        "book",
                                        "import",
                                        "--format",
                                        "yaneuraou",
                                        db.toString(),
                                        "--out",
                                        again.toString())
                                .status())
                .isZero();
        String a = Cli.run("book", "probe", "--book", book.toString(), "--sfen", "startpos").out();
        String b = Cli.run("book", "probe", "--book", again.toString(), "--sfen", "startpos").out();
        assertThat(
                        b.lines()
                                .filter(l -> l.startsWith("full"))
                                .map(l -> l.replaceAll(" wins.*", "")))
                .containsExactlyElementsOf(
                        a.lines()
                                .filter(l -> l.startsWith("full"))
                                .map(l -> l.replaceAll(" wins.*", ""))
                                .toList());
    }

    @Test
    void aperyExportWritesSixteenBytesPerEntryForBothColours() throws Exception {
        Path bin = dir.resolve("book.bin");
        assertThat(
                        Cli.run(
                                        "book",
                                        "export",
                                        "--book",
                                        book.toString(),
                                        "--format",
                                        "apery",
                                        "--out",
                                        bin.toString())
                                .status())
                .isZero();
        assertThat(Files.size(bin)).isEqualTo(16L * 2 * 6);
    }

    @Test
    void badSfenIsAUsageErrorNamingTheColumn() {
        Cli.Run r =
                Cli.run(
                        "book",
                        "probe",
                        "--book",
                        book.toString(),
                        "--sfen",
                        "lnsgkgsnl/1r5b1/ppppppppp b - 1");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--sfen:1:");
    }

    @Test
    void probeTakesTheUsiLinesTheExplorerTakes() {
        // 7g7f from the start position, written four ways; the explorer API accepts each of them.
        String sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        String expected =
                Cli.run("book", "probe", "--book", book.toString(), "--sfen", sfen, "--json").out();
        assertThat(expected).contains("3c3d").contains("8c8d"); // the two replies in the book
        for (String line :
                new String[] {
                    "position startpos moves 7g7f",
                    "startpos moves 7g7f",
                    "sfen " + Sfen.STARTPOS + " moves 7g7f",
                    "position sfen " + Sfen.STARTPOS + " moves 7g7f"
                }) {
            Cli.Run r =
                    Cli.run("book", "probe", "--book", book.toString(), "--sfen", line, "--json");
            assertThat(r.status()).as(line + ": " + r.err()).isZero();
            assertThat(r.out()).as(line).isEqualTo(expected);
        }
    }

    @Test
    void anIllegalMoveInAUsiLineIsAUsageErrorNamingTheColumn() {
        Cli.Run r =
                Cli.run(
                        "book",
                        "probe",
                        "--book",
                        book.toString(),
                        "--sfen",
                        "position startpos moves 7g7f 7g7f");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).startsWith("joseki book probe: --sfen:1:");
    }

    @Test
    void importReadsAShiftJisDbAndNamesTheLineOfAnUndecodableOne() throws Exception {
        // "# 定跡" in Shift_JIS (92 e8 90 d5): used to fail with "Input length = 1", no file named
        Path sjis = dir.resolve("sjis.db");
        try (var out = Files.newOutputStream(sjis)) {
            out.write("#YANEURAOU-DB2016 1.00\n# ".getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[] {(byte) 0x92, (byte) 0xe8, (byte) 0x90, (byte) 0xd5, '\n'});
            out.write(
                    ("sfen " + Sfen.STARTPOS + "\n7g7f none 0 0 3\n")
                            .getBytes(StandardCharsets.US_ASCII));
        }
        Path imported = dir.resolve("sjis-book");
        Cli.Run ok =
                Cli.run(
                        "book",
                        "import",
                        "--format",
                        "yaneuraou",
                        sjis.toString(),
                        "--out",
                        imported.toString());
        assertThat(ok.status()).as(ok.err()).isZero();
        assertThat(
                        Cli.run(
                                        "book",
                                        "probe",
                                        "--book",
                                        imported.toString(),
                                        "--sfen",
                                        "startpos")
                                .out())
                .contains("7g7f");
        Path bad = dir.resolve("bad.db");
        try (var out = Files.newOutputStream(bad)) {
            out.write(
                    ("#YANEURAOU-DB2016 1.00\nsfen " + Sfen.STARTPOS + "\n7g7f ")
                            .getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[] {(byte) 0xff, '\n'});
        }
        Cli.Run refused =
                Cli.run(
                        "book",
                        "import",
                        "--format",
                        "yaneuraou",
                        bad.toString(),
                        "--out",
                        dir.resolve("bad-book").toString());
        assertThat(refused.status()).isEqualTo(2);
        assertThat(refused.err())
                .isEqualTo(
                        "joseki book import: "
                                + bad
                                + ":3:6: cannot decode the file; tried UTF-8 (invalid at line 3),"
                                + " Shift_JIS/cp932 (invalid at line 3), EUC-JP (invalid at line 3)"
                                + System.lineSeparator());
    }
}
