package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.records.EvalRecordFile;
import dev.joseki.records.proto.PositionEval;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * evaluate through the CLI: usage errors before any broker, and a whole --local run (embedded
 * broker, local worker).
 */
class EvaluateCommandTest {
    @Test
    void anIllegalMoveInThePositionsFileNamesFileAndLine(@TempDir Path dir) throws Exception {
        Path file =
                Files.writeString(
                        dir.resolve("p.usi"), "startpos\nstartpos moves 7g7f 3c3d 3d3c\n");
        Cli.Run r = Cli.run("evaluate", "--positions", file.toString(), "--local");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains(file + ":2:").doesNotContain("\tat ");
    }

    @Test
    void localAndBootstrapServersExcludeEachOther(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("p.usi"), "startpos\n");
        Cli.Run r =
                Cli.run(
                        "evaluate",
                        "--positions",
                        file.toString(),
                        "--local",
                        "--bootstrap-servers",
                        "127.0.0.1:1");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("give --local or --bootstrap-servers, not both");
    }

    @Test
    void multiPvAboveTheEnginesLimitIsBadUsage(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("p.usi"), "startpos\n");
        Cli.Run r =
                Cli.run("evaluate", "--positions", file.toString(), "--local", "--multipv", "65");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--multipv must be 1..64, got 65");
    }

    @Test
    void aLocalRunEvaluatesEveryPositionOnceAndWritesTheRecords(@TempDir Path dir)
            throws Exception {
        Path file =
                Files.writeString(
                        dir.resolve("p.usi"),
                        "# three positions, one of them White to move\n"
                            + "startpos\n"
                            + "startpos moves 7g7f\n"
                            + "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n");
        Path out = dir.resolve("evals.pb");
        Cli.Run r =
                Cli.run(
                        "evaluate",
                        "--positions",
                        file.toString(),
                        "--local",
                        "--concurrency",
                        "1",
                        "--engine",
                        "builtin option.USI_Hash=1 option.RootMateNodes=0",
                        "--nodes",
                        "1500",
                        "--multipv",
                        "2",
                        "--per-task",
                        "2",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .containsPattern("batch ev-\\S+ tasks 2 positions 3")
                .containsPattern(
                        "evaluated 3 seconds \\S+ positions_per_hour \\d+ mean_depth \\S+"
                                + " mean_nodes \\d+ without_moves 0")
                .contains("wrote 3 evals to " + out);
        // the progress on stderr, not a terminal here: plain lines ending in the final one
        assertThat(r.err())
                .doesNotContain("\r")
                .containsPattern("(?m)^3/3 positions in \\S+  \\d+\\.\\d positions/s$");
        List<PositionEval> got = EvalRecordFile.read(out).evals();
        assertThat(got).hasSize(3);
        assertThat(got).allSatisfy(e -> assertThat(e.getMovesCount()).isEqualTo(2));
        assertThat(got.stream().filter(e -> e.getSfen().endsWith(" w - 2"))).hasSize(1);

        // ... and folded into a book: the first time 6 entries (the start position twice: one is
        // kept), then nothing.
        Path book = dir.resolve("book");
        Cli.Run f =
                Cli.run(
                        "book",
                        "evals",
                        "--from",
                        out.toString(),
                        "--out",
                        book.toString(),
                        "--master",
                        "local[1]");
        assertThat(f.status()).as(f.err()).isZero();
        assertThat(f.out())
                .contains("evals read 3, rejected 0, entries 4, changed 4, total 4")
                .contains("published ");
        Cli.Run again =
                Cli.run(
                        "book",
                        "evals",
                        "--from",
                        out.toString(),
                        "--out",
                        book.toString(),
                        "--master",
                        "local[1]");
        assertThat(again.out()).contains("changed 0, total 4").contains("book unchanged");
    }
}
