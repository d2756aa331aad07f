package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.cli.command.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code record show} and {@code record convert} through Main.run, as a user calls them. */
class RecordCommandTest {
    private static final Path RECORDS = Path.of("../common/src/test/resources/records/kifu-for-js");
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream oldOut, oldErr;

    @BeforeEach
    void capture() {
        oldOut = System.out;
        oldErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(oldOut);
        System.setErr(oldErr);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void showPrintsOneJsonObjectPerGameWithTheDocumentedFields() throws Exception {
        int rc = Main.run("record", "show", RECORDS.resolve("2005_GPS_K-SHOGI.csa").toString());
        assertThat(rc).isZero();
        String[] lines = stdout().strip().split("\n");
        assertThat(lines).hasSize(1);
        JsonNode o = new ObjectMapper().readTree(lines[0]);
        assertThat(o.get("file").asText()).endsWith("2005_GPS_K-SHOGI.csa");
        assertThat(o.get("game").asInt()).isEqualTo(1);
        // common/src/test/resources/records/README.md: 173 plies, %TORYO, Black wins.
        assertThat(o.get("plies").asInt()).isEqualTo(173);
        assertThat(o.get("result").asText()).isEqualTo("black_win");
        assertThat(o.get("termination").asText()).isEqualTo("resign");
        // The file's first moves are +7776FU -3334FU +2726FU.
        assertThat(o.get("usi").asText()).startsWith("position startpos moves 7g7f 3c3d 2g2f ");
        assertThat(o.get("usi").asText().split(" ")).hasSize(3 + 173);
        // After 173 plies White is to move at move number 174.
        assertThat(o.get("final_sfen").asText())
                .endsWith(" w " + o.get("final_sfen").asText().split(" ")[2] + " 174");
    }

    @Test
    void showNumbersSeveralGamesOfAFileAndReadsKifAndKi2() throws Exception {
        int rc =
                Main.run(
                        "record",
                        "show",
                        RECORDS.resolve("shogidb2.kifu").toString(),
                        RECORDS.resolve("denou3-1.ki2").toString());
        assertThat(rc).isZero();
        String[] lines = stdout().strip().split("\n");
        assertThat(lines).hasSize(2);
        JsonNode kifu = new ObjectMapper().readTree(lines[0]);
        JsonNode ki2 = new ObjectMapper().readTree(lines[1]);
        assertThat(kifu.get("plies").asInt()).isEqualTo(110);
        assertThat(kifu.get("result").asText()).isEqualTo("white_win");
        assertThat(ki2.get("plies").asInt()).isEqualTo(98);
        assertThat(ki2.get("result").asText()).isEqualTo("white_win");
    }

    @Test
    void illegalRecordNamesFileLineAndColumnAndExitsOne(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.csa");
        // 7g7f then Black moves again from 77: line 4 holds the move that is illegal.
        Files.writeString(bad, "V2.2\nPI\n+\n-3334FU\n", StandardCharsets.UTF_8);
        int rc = Main.run("record", "show", bad.toString());
        assertThat(rc).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(bad + ":4:1:");
        assertThat(stdout()).isEmpty();
    }

    @Test
    void aMegabyteTokenIsQuotedCutInTheErrorLine(@TempDir Path dir) throws Exception {
        String mb = "x".repeat(1_000_000);
        List<String> files = List.of("big.usi", "big.csa", "big.kif");
        Files.writeString(dir.resolve("big.usi"), "position startpos moves " + mb + "\n");
        Files.writeString(dir.resolve("big.csa"), "V2.2\nPI\n+\n+" + mb + "\n");
        Files.writeString(
                dir.resolve("big.kif"), "手合割：" + mb + "\n手数----指手---------消費時間--\n   1 ７六歩(77)\n");
        for (String f : files) {
            err.reset();
            assertThat(Main.run("record", "show", dir.resolve(f).toString())).isEqualTo(1);
            String e = err.toString(StandardCharsets.UTF_8);
            assertThat(e).contains(f + ":").containsPattern("\\(100000[0-9] characters\\)");
            assertThat(e.lines()).allMatch(l -> l.length() < 500);
        }
    }

    @Test
    void convertCsaToKifAndBackKeepsTheGame(@TempDir Path dir) throws Exception {
        Path kif = dir.resolve("gps.kif");
        assertThat(
                        Main.run(
                                "record",
                                "convert",
                                RECORDS.resolve("2005_GPS_K-SHOGI.csa").toString(),
                                "--to",
                                "kif",
                                "-o",
                                kif.toString()))
                .isZero();
        Path csa = dir.resolve("gps.csa");
        assertThat(
                        Main.run(
                                "record",
                                "convert",
                                kif.toString(),
                                "--to",
                                "csa",
                                "-o",
                                csa.toString()))
                .isZero();
        Main.run(
                "record",
                "show",
                RECORDS.resolve("2005_GPS_K-SHOGI.csa").toString(),
                csa.toString());
        String[] lines = stdout().strip().split("\n");
        JsonNode a = new ObjectMapper().readTree(lines[0]),
                b = new ObjectMapper().readTree(lines[1]);
        assertThat(b.get("usi")).isEqualTo(a.get("usi"));
        assertThat(b.get("result")).isEqualTo(a.get("result"));
        assertThat(b.get("termination")).isEqualTo(a.get("termination"));
    }

    /**
     * common/src/test/resources/records/README.md: plies and outcome of every real record, in the
     * order given to the command.
     */
    @Test
    void showReplaysEveryRealRecord() throws Exception {
        String[][] expected = {
            {"kifu-for-js/2005_GPS_K-SHOGI.csa", "173", "black_win", "resign"},
            {"kifu-for-js/2005_YAMADA_GPS.csa", "107", "black_win", "checkmate"},
            {
                "kifu-for-js/dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040.csa",
                "400",
                "black_win",
                "declaration"
            },
            {"kifu-for-js/jt201409130101.kif", "107", "black_win", "resign"},
            {"kifu-for-js/kiou201403160101.kif", "85", "black_win", "resign"},
            {"kifu-for-js/meijinsen_20180508_M7_10034.kif", "52", "unfinished", "abort"},
            {"kifu-for-js/oui201407080101.kif", "116", "white_win", "resign"},
            {"kifu-for-js/ouza201410070101.kif", "103", "unfinished", "unknown"},
            {"kifu-for-js/ryuou201409020101.kif", "117", "black_win", "resign"},
            {"kifu-for-js/shogidb2.kifu", "110", "white_win", "resign"},
            {"kifu-for-js/20091203.ki2", "172", "white_win", "resign"},
            {"kifu-for-js/denou3-1.ki2", "98", "white_win", "resign"},
            {"kifu-for-js/kobayashi_kinsho196702.ki2", "49", "black_win", "checkmate"},
            {"python-shogi/habu-fujii-2006.kif", "181", "black_win", "resign"}
        };
        String[] args = new String[2 + expected.length];
        args[0] = "record";
        args[1] = "show";
        for (int i = 0; i < expected.length; i++) {
            args[2 + i] = RECORDS.resolveSibling(expected[i][0]).toString();
        }
        assertThat(Main.run(args)).isZero();
        String[] lines = stdout().strip().split("\n");
        assertThat(lines).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            JsonNode o = new ObjectMapper().readTree(lines[i]);
            assertThat(o.get("file").asText()).endsWith(expected[i][0]);
            assertThat(o.get("plies").asText()).as(expected[i][0]).isEqualTo(expected[i][1]);
            assertThat(o.get("result").asText()).as(expected[i][0]).isEqualTo(expected[i][2]);
            assertThat(o.get("termination").asText()).as(expected[i][0]).isEqualTo(expected[i][3]);
        }
    }

    @Test
    void aDirectoryIsReportedAsSuchUnderTheRightCommand(@TempDir Path dir) {
        assertThat(Main.run("record", "show", dir.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo(
                        "joseki record show: "
                                + dir
                                + " is a directory; give record files (e.g. "
                                + dir
                                + "/*.kif)"
                                + System.lineSeparator());
        err.reset();
        assertThat(Main.run("record", "convert", dir.toString(), "--to", "usi"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith("joseki record convert: " + dir + " is a directory");
    }

    @Test
    void aMissingFileSaysNoSuchFile(@TempDir Path dir) {
        Path missing = dir.resolve("game.kif");
        assertThat(Main.run("record", "show", missing.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("joseki record show: no such file: " + missing + System.lineSeparator());
    }
}
