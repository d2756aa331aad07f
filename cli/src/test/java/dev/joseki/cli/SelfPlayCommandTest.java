package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Usage errors of selfplay and worker are caught before any Kafka connection is tried. */
class SelfPlayCommandTest {
    private static String stderrOf(Runnable r) {
        PrintStream old = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setErr(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void nodesAndMovetimeTogetherIsBadUsage() {
        int[] code = new int[1];
        String err = stderrOf(() -> code[0] = Main.run("selfplay", "--games", "2", "--nodes", "5", "--movetime", "5"));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("mutually exclusive");
    }

    @Test
    void badEngineSpecIsBadUsageNamingTheField() {
        int[] code = new int[1];
        String err = stderrOf(() -> code[0] = Main.run("selfplay", "--games", "2", "--engine", "cmd=/bin/x nodes=many"));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("--engine:1:12: nodes must be a positive integer, got 'many'");
    }

    @Test
    void zeroGamesIsBadUsage() {
        int[] code = new int[1];
        stderrOf(() -> code[0] = Main.run("selfplay", "--games", "0", "--engine", "cmd=/bin/x"));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void illegalMoveInTheOpeningsFileNamesFileLineAndColumn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("openings.usi");
        // Line 2's third move is White's pawn moving backwards.
        Files.writeString(file, "position startpos moves 7g7f 3c3d\nposition startpos moves 7g7f 3c3d 3d3c\n");
        int[] code = new int[1];
        String err = stderrOf(() -> code[0] = Main.run("selfplay", "--games", "2", "--openings", file.toString()));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains(file + ":2:");
    }

    @Test
    void unknownOpeningsOrderIsBadUsage(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("openings.usi");
        Files.writeString(file, "position startpos moves 7g7f\n");
        int[] code = new int[1];
        String err = stderrOf(() -> code[0] = Main.run("selfplay", "--games", "2", "--openings", file.toString(),
                "--openings-order", "shuffled"));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("--openings-order").contains("'shuffled'");
    }

    @Test
    void workerRejectsZeroConcurrency() {
        int[] code = new int[1];
        String err = stderrOf(() -> code[0] = Main.run("worker", "--concurrency", "0"));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("--concurrency");
    }
}
