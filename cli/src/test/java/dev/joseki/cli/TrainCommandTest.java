package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to {@code train data} and {@code train export}: one line, exit 2, nothing started. */
class TrainCommandTest {
    @Test
    void aClockedTeacherIsBadUsage() {
        Cli.Run r = Cli.run("train", "data", "--games", "1", "--engine", "builtin tc=10+0.1");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .isEqualTo(
                        "joseki train data: --engine: tc= is a clock; a teacher takes a per-move"
                                + " limit (nodes=, depth=, movetime=)");
    }

    @Test
    void aRunNameWithASpaceIsBadUsage() {
        Cli.Run r = Cli.run("train", "data", "--games", "1", "--run", "my run");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .isEqualTo(
                        "joseki train data: --run: a name of 1 to 64 letters, digits, '.', '_' or"
                                + " '-', got 'my run'");
    }

    @Test
    void aValidationFractionOfOneOrMoreIsBadUsage(@TempDir Path dir) {
        Cli.Run r =
                Cli.run(
                        "train",
                        "export",
                        "--from-kafka",
                        "--out",
                        dir.resolve("out").toString(),
                        "--validation",
                        "1");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .isEqualTo("joseki train export: --validation must be in [0, 1), got 1.0");
    }

    @Test
    void anOutputDirectoryHoldingAnExportIsRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("stats.json"), "{}");
        Cli.Run r = Cli.run("train", "export", "--from-kafka", "--out", dir.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .isEqualTo(
                        "joseki train export: --out "
                                + dir
                                + " already holds an export (stats.json); give a new directory");
    }
}
