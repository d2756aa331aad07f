package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerftCommandTest {

    @Test
    void singlePositionEndsWithNodesLine() {
        Cli.Run r = Cli.run("perft", "--sfen", "startpos", "--depth", "3");
        assertThat(r.status()).isZero();
        assertThat(r.out().strip().lines().reduce((a, b) -> b)).hasValue("nodes 25470");
    }

    @Test
    void divideListsEachRootMoveThenTheTotal() {
        Cli.Run r = Cli.run("perft", "--depth", "2", "--divide");
        var lines = r.out().strip().lines().toList();
        assertThat(lines).hasSize(31).contains("7g7f 30").endsWith("nodes 900");
    }

    @Test
    void suiteReportsPassedAndFailedAndExitsOneOnFailure(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("suite.jsonl");
        Files.writeString(
                suite,
                """
                {"sfen": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "depth": 2, "nodes": 900}
                {"sfen": "4k4/9/9/9/9/9/9/9/9 b 16P 1", "depth": 1, "nodes": 71}
                """);
        Cli.Run r = Cli.run("perft", "--suite", suite.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.FAILURE);
        assertThat(r.out())
                .contains("expected 71, got 72")
                .endsWith("1 passed, 1 failed" + System.lineSeparator());
    }

    @Test
    void malformedSuiteLineIsAUsageErrorNamingTheLine(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("bad.jsonl");
        Files.writeString(suite, "{\"sfen\": \"9/9 b - 1\", \"depth\": 1, \"nodes\": 1}\n");
        Cli.Run r = Cli.run("perft", "--suite", suite.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("bad.jsonl:1:");
    }
}
