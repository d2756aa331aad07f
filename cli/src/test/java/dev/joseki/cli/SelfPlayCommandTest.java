package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

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
        assertThat(err).contains("'nodes=many'").contains("not a number");
    }

    @Test
    void zeroGamesIsBadUsage() {
        int[] code = new int[1];
        stderrOf(() -> code[0] = Main.run("selfplay", "--games", "0", "--engine", "cmd=/bin/x"));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void workerRejectsZeroConcurrency() {
        int[] code = new int[1];
        String err = stderrOf(() -> code[0] = Main.run("worker", "--concurrency", "0"));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("--concurrency");
    }
}
