package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.book.store.BookVersions;
import dev.joseki.cli.Cli;
import dev.joseki.cli.command.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * book build through the CLI: weighted sources, imports, and inputs that give no book (real Spark
 * local, RocksDB).
 */
class BookBuildCommandTest {
    @Test
    void weightedRecordsAndAnImportedDbMakeOneBookWhoseStatsShowEachShare(@TempDir Path tmp)
            throws Exception {
        Path pro =
                Files.writeString(
                        tmp.resolve("pro.usi"), "position startpos moves 7g7f 3c3d resign\n");
        Path db =
                Files.writeString(
                        tmp.resolve("gps.db"),
                        "#YANEURAOU-DB2016 1.00\n"
                            + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"
                            + " 1\n"
                            + "7g7f none 0 0 5\n"
                            + "2g2f none 0 32 2\n");
        Path book = tmp.resolve("book");
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
                        "pro=" + pro + ":3",
                        "--import-db",
                        "gps=" + db + ":2");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("imported move lines 2");
        // Spark's tasks as the progress, plain here: no total, as the stages come one by one
        assertThat(r.err())
                .doesNotContain("\r")
                .containsPattern(
                        "(?m)^\\d+ tasks in \\S+  \\d+\\.\\d tasks/s  of \\d+ in \\d+ stages?$");

        // start position: 7g7f = 2·5 + 3 (the pro game, weight 3); 2g2f = 2·2
        Cli.Run p = Cli.run("book", "probe", "--book", book.toString(), "--sfen", "startpos");
        assertThat(p.out())
                .contains("full 7g7f count 13 wins 0 draws 0 losses 3")
                .contains("full 2g2f count 4 wins 0");

        JsonNode s =
                new ObjectMapper()
                        .readTree(
                                Cli.run("book", "stats", "--book", book.toString(), "--json")
                                        .out());
        // counts: pro 2 moves x 3 = 6, gps 10 + 4 = 14; full entries: 7g7f, 2g2f, 3c3d
        assertThat(s.get("sources").get("pro").get("count_share").asDouble()).isEqualTo(6 / 20.0);
        assertThat(s.get("sources").get("gps").get("count_share").asDouble()).isEqualTo(14 / 20.0);
        assertThat(s.get("sources").get("gps").get("entries_share").asDouble()).isEqualTo(2 / 3.0);
        String text = Cli.run("book", "stats", "--book", book.toString()).out();
        assertThat(text)
                .contains(
                        "source pro kind records weight 3 games 1 imported_moves 0 count 6 (30.0%)"
                                + " entries 2 (66.7%)")
                .contains(
                        "source gps kind yaneuraou-db weight 2 games 0 imported_moves 2 count 14"
                                + " (70.0%)");
    }

    @Test
    void dbLinesPastTheMaxPlyAreLeftOutWithAWarningThatNamesTheDepthToKeepThem(@TempDir Path tmp)
            throws Exception {
        Path db =
                Files.writeString(
                        tmp.resolve("deep.db"),
                        "#YANEURAOU-DB2016 1.00\n"
                            + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"
                            + " 1\n"
                            + "7g7f none 0 0 5\n"
                            + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w -"
                            + " 42\n"
                            + "3c3d none 0 0 4\n"
                            + "8c8d none 0 0 1\n");
        Cli.Run r = buildImporting(tmp, db);
        // the default depth is 40: the start position's line is kept, the two at ply 42 are not
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("imported move lines 1");
        assertThat(r.err())
                .contains(
                        "joseki: warning: "
                                + db
                                + ": 2 move lines of 1 positions past ply 40 left out (its"
                                + " positions go to ply 42; --max-ply 42 keeps them all)");
    }

    @Test
    void aBadDbLineIsAOneLineUsageError(@TempDir Path tmp) throws Exception {
        Path db =
                Files.writeString(
                        tmp.resolve("bad.db"),
                        "#YANEURAOU-DB2016 1.00\n"
                            + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"
                            + " 1\n"
                            + "7g7e none 0 0 5\n");
        Cli.Run r = buildImporting(tmp, db);
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains(db + ":3:").doesNotContain("\tat ");
    }

    @Test
    void countsWhoseSumIsPastTheBooksFieldAreOneLineNamingPositionAndSources(@TempDir Path tmp)
            throws Exception {
        // 3,000,000,000 + 2,000,000,000 of 7g7f from the start: used to fail a Spark task and
        // print its stack traces
        String start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        Path a =
                Files.writeString(
                        tmp.resolve("a.db"),
                        "#YANEURAOU-DB2016 1.00\nsfen " + start + "\n7g7f none 0 0 3000000000\n");
        Path b =
                Files.writeString(
                        tmp.resolve("b.db"),
                        "#YANEURAOU-DB2016 1.00\nsfen " + start + "\n7g7f none 0 0 2000000000\n");
        Cli.Run r =
                Cli.run(
                        "book",
                        "build",
                        "--out",
                        tmp.resolve("book").toString(),
                        "--master",
                        "local[1]",
                        "--import-db",
                        "a=" + a,
                        "--import-db",
                        "b=" + b);
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        // after the progress lines, one line: no Spark stack trace, no exception name
        assertThat(r.err().lines()).noneMatch(l -> l.contains("\tat ") || l.contains("Exception"));
        assertThat(r.err().lines().reduce((x, y) -> y).orElseThrow())
                .isEqualTo(
                        "joseki book build: count 5000000000 of move 7g7f at sfen "
                                + start
                                + " does not fit the book's 32-bit count (at most 4294967295);"
                                + " sources: a ("
                                + a
                                + ", weight 1), b ("
                                + b
                                + ", weight 1); lower a source's count or weight");
        assertThat(BookVersions.current(tmp.resolve("book"))).isNull();
    }

    /** book build of TMP/book from one imported .db, on one local Spark thread. */
    static Cli.Run buildImporting(Path tmp, Path db) throws Exception {
        return Cli.run(
                "book",
                "build",
                "--out",
                tmp.resolve("book").toString(),
                "--master",
                "local[1]",
                "--import-db",
                db.toString());
    }

    @Test
    void includeTournamentsGoesOnlyWithFromKafka(@TempDir Path dir) {
        Cli.Run r =
                Cli.run(
                        "book",
                        "build",
                        "--from",
                        dir.toString(),
                        "--include-tournaments",
                        "--out",
                        dir.resolve("book").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki book build: --include-tournaments goes with --from-kafka"
                                + System.lineSeparator());
    }

    @Test
    void anEmptyInputDirectoryExitsNonZeroWithAClearMessage(@TempDir Path tmp) throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Cli.Run r =
                Cli.run(
                        "book",
                        "build",
                        "--from",
                        in.toString(),
                        "--out",
                        tmp.resolve("book").toString(),
                        "--master",
                        "local[1]",
                        "--partitions",
                        "1");
        assertThat(r.status()).isNotZero();
        assertThat(r.err())
                .contains("no game files (.usi .txt .csa .kif .kifu .ki2) under " + in)
                .doesNotContain("Exception", "\tat ");
        assertThat(BookVersions.current(tmp.resolve("book"))).isNull();
    }

    @Test
    void aBuildWhoseGamesAreAllRejectedPublishesNothingAndExitsNonZero(@TempDir Path tmp)
            throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Files.write(
                in.resolve("bad.usi"),
                List.of("position startpos moves 7g7f 7g7f", "x".repeat(100_000)));
        Cli.Run r =
                Cli.run(
                        "book",
                        "build",
                        "--from",
                        in.toString(),
                        "--out",
                        tmp.resolve("book").toString(),
                        "--master",
                        "local[1]",
                        "--partitions",
                        "1");
        assertThat(r.status()).isNotZero();
        assertThat(r.out())
                .contains("rejected 2, added 0")
                .contains("book unchanged: every new game was rejected");
        // The 100,000-character line is quoted cut, not echoed.
        assertThat(r.err().lines()).allMatch(l -> l.length() < 500);
        assertThat(BookVersions.current(tmp.resolve("book"))).isNull();
    }

    @Test
    void aMissingFromFileIsRefusedInOneLineBeforeSparkStarts(@TempDir Path tmp) {
        Path missing = tmp.resolve("missing.kif");
        Cli.Run r =
                Cli.run(
                        "book",
                        "build",
                        "--from",
                        missing.toString(),
                        "--out",
                        tmp.resolve("book").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki book build: --from "
                                + missing
                                + ": no such file or directory"
                                + System.lineSeparator());
    }

    @Test
    void aWeightThatIsNotANumberIsNamedNotTakenForAMissingFile(@TempDir Path tmp) throws Exception {
        Path db = Files.writeString(tmp.resolve("small.db"), "#YANEURAOU-DB2016 1.00\n");
        Cli.Run r =
                Cli.run(
                        "book",
                        "build",
                        "--import-db",
                        db + ":abc",
                        "--out",
                        tmp.resolve("book").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki book build: --import-db "
                                + db
                                + ":abc: the weight after ':' must be a whole number 1..1000,"
                                + " got 'abc'"
                                + System.lineSeparator());
    }

    @Test
    void aSparkMasterThatIsNotRunningIsOneLineAndExitThree(@TempDir Path tmp) throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort(); // closed again: nothing listens there
        }
        Files.writeString(tmp.resolve("g.usi"), "startpos moves 7g7f 3c3d\n");
        Cli.Run r =
                Cli.run(
                        "book",
                        "build",
                        "--from",
                        tmp.resolve("g.usi").toString(),
                        "--master",
                        "spark://127.0.0.1:" + port,
                        "--out",
                        tmp.resolve("book").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(r.err())
                .startsWith(
                        "joseki book build: cannot reach the Spark master at spark://127.0.0.1:"
                                + port
                                + ": ")
                .endsWith(
                        " (start one with ./joseki spark master, or use --master 'local[*]')"
                                + System.lineSeparator());
        assertThat(r.err().lines()).hasSize(1);
    }

    @Test
    void fromKafkaWithoutAClusterStartsNoEmptyBroker(@TempDir Path tmp) {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                dev.joseki.broker.LocalCluster.bootstrapIfRunning().isEmpty());
        Cli.Run r =
                Cli.run(
                        "book",
                        "build",
                        "--from-kafka",
                        "--master",
                        "local[1]",
                        "--out",
                        tmp.resolve("book").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki book build: no cluster: start one with ./joseki cluster up, or"
                                + " give --bootstrap-servers (an embedded broker would hold no"
                                + " games)"
                                + System.lineSeparator());
    }
}
