package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.PlayerFactory;
import dev.joseki.selfplay.Worker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train data} and {@code train export}: bad input is one line, exit 2, nothing started; a
 * run on a real broker and worker shows its progress.
 */
class TrainCommandTest {
    @Test
    @Tag("full")
    void dataThenExportShowTheirProgressInGamesThenInSparkTasks(@TempDir Path dir)
            throws Exception {
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            String servers = broker.bootstrapServers();
            Worker worker =
                    new Worker(
                            new Worker.Config(
                                    new KafkaSettings(servers, Map.of()),
                                    Topics.DEFAULT,
                                    "joseki-selfplay-workers",
                                    1,
                                    "train-worker"),
                            PlayerFactory.standard());
            worker.start();
            try {
                Cli.Run data =
                        Cli.run(
                                "train",
                                "data",
                                "--bootstrap-servers",
                                servers,
                                "--games",
                                "2",
                                "--nodes",
                                "60",
                                "--max-plies",
                                "80",
                                "--sample-plies",
                                "0",
                                "--min-ply",
                                "1",
                                "--wait",
                                "--wait-timeout",
                                "180");
                assertThat(data.status()).as(data.err()).isZero();
                // not a terminal here: plain lines, the last one the final line
                assertThat(data.err())
                        .doesNotContain("\r")
                        .containsPattern("(?m)^2/2 games in \\S+  \\d+\\.\\d games/min$");
            } finally {
                worker.stop();
                worker.awaitTermination(30, TimeUnit.SECONDS);
            }
            Path out = dir.resolve("export");
            Cli.Run export =
                    Cli.run(
                            "train",
                            "export",
                            "--from-kafka",
                            "--bootstrap-servers",
                            servers,
                            "--master",
                            "local[1]",
                            "--out",
                            out.toString());
            assertThat(export.status()).as(export.err()).isZero();
            assertThat(export.out()).containsPattern("records [1-9]\\d* ");
            // Spark's tasks: no total, for the job plans its stages one after another; no stack
            // trace from the session's stop after the export
            assertThat(export.err())
                    .doesNotContain("\r")
                    .doesNotContain("RejectedExecutionException")
                    .containsPattern(
                            "(?m)^[1-9]\\d* tasks in \\S+  \\d+\\.\\d tasks/s  of \\d+ in \\d+"
                                    + " stages?$");
        }
    }

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
