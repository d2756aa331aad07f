package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.PlayerFactory;
import dev.joseki.selfplay.Worker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Usage errors of selfplay and worker are caught before any Kafka connection is tried; on a real
 * broker without the workers --await-workers asks for, the run says so within seconds.
 */
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
        String err =
                stderrOf(
                        () ->
                                code[0] =
                                        Main.run(
                                                "selfplay",
                                                "--games",
                                                "2",
                                                "--nodes",
                                                "5",
                                                "--movetime",
                                                "5"));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("mutually exclusive");
    }

    @Test
    void badEngineSpecIsBadUsageNamingTheField() {
        int[] code = new int[1];
        String err =
                stderrOf(
                        () ->
                                code[0] =
                                        Main.run(
                                                "selfplay",
                                                "--games",
                                                "2",
                                                "--engine",
                                                "cmd=/bin/x nodes=many"));
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
    void anOddNumberOfGamesPerTaskForTwoEnginesIsBadUsageBeforeAnyBroker() {
        int[] code = new int[1];
        String err =
                stderrOf(
                        () ->
                                code[0] =
                                        Main.run(
                                                "selfplay",
                                                "--bootstrap-servers",
                                                "127.0.0.1:9",
                                                "--games",
                                                "8",
                                                "--games-per-task",
                                                "3",
                                                "--engine",
                                                "name=a cmd=/bin/x",
                                                "--engine",
                                                "name=b cmd=/bin/y"));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
        assertThat(err.strip())
                .isEqualTo(
                        "joseki selfplay: --games-per-task 3: the games are colour-swapped pairs,"
                                + " which stay in one task; give an even number (or 1)");
    }

    @Test
    void illegalMoveInTheOpeningsFileNamesFileLineAndColumn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("openings.usi");
        // Line 2's third move is White's pawn moving backwards.
        Files.writeString(
                file,
                "position startpos moves 7g7f 3c3d\nposition startpos moves 7g7f 3c3d 3d3c\n");
        int[] code = new int[1];
        String err =
                stderrOf(
                        () ->
                                code[0] =
                                        Main.run(
                                                "selfplay",
                                                "--games",
                                                "2",
                                                "--openings",
                                                file.toString()));
        assertThat(code[0]).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains(file + ":2:");
    }

    @Test
    void unknownOpeningsOrderIsBadUsage(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("openings.usi");
        Files.writeString(file, "position startpos moves 7g7f\n");
        int[] code = new int[1];
        String err =
                stderrOf(
                        () ->
                                code[0] =
                                        Main.run(
                                                "selfplay",
                                                "--games",
                                                "2",
                                                "--openings",
                                                file.toString(),
                                                "--openings-order",
                                                "shuffled"));
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

    @Test
    void awaitingAbsentWorkersSaysHowManyAreThereAndPublishesOnceTheyJoin() throws Exception {
        // 1. a real broker with no worker on it
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            String servers = broker.bootstrapServers();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PrintStream oldErr = System.err, oldOut = System.out;
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            System.setOut(
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            Worker worker = null;
            try {
                long started = System.nanoTime();
                CompletableFuture<Integer> run =
                        CompletableFuture.supplyAsync(
                                () ->
                                        Main.run(
                                                "selfplay",
                                                "--bootstrap-servers",
                                                servers,
                                                "--games",
                                                "2",
                                                "--nodes",
                                                "60",
                                                "--max-plies",
                                                "20",
                                                "--seed",
                                                "5",
                                                "--await-workers",
                                                "1",
                                                "--wait",
                                                "--wait-timeout",
                                                "120"));
                // 2. within seconds, not after the five-minute limit: how many workers there are,
                // and how to add one
                while (!err.toString(StandardCharsets.UTF_8).contains("hold task partitions")
                        && System.nanoTime() - started < TimeUnit.SECONDS.toNanos(60)) {
                    Thread.sleep(100);
                }
                assertThat(err.toString(StandardCharsets.UTF_8))
                        .contains(
                                "0 of the 1 workers of group joseki-selfplay-workers on "
                                        + servers
                                        + " hold task partitions",
                                "./joseki worker --bootstrap-servers " + servers);
                assertThat(run).isNotDone();
                // 3. a worker that joins then gets the tasks, and the run completes
                worker =
                        new Worker(
                                new Worker.Config(
                                        new KafkaSettings(servers, Map.of()),
                                        Topics.DEFAULT,
                                        "joseki-selfplay-workers",
                                        1,
                                        "late-worker"),
                                PlayerFactory.standard());
                worker.start();
                assertThat(run.get(3, TimeUnit.MINUTES))
                        .as(err.toString(StandardCharsets.UTF_8))
                        .isZero();
                // 4. the wait's progress, plain lines here: it ends in the final line
                assertThat(err.toString(StandardCharsets.UTF_8))
                        .doesNotContain("\r")
                        .containsPattern("(?m)^2/2 games in \\S+  \\d+\\.\\d games/min$");
            } finally {
                System.setErr(oldErr);
                System.setOut(oldOut);
                if (worker != null) {
                    worker.stop();
                    worker.awaitTermination(30, TimeUnit.SECONDS);
                }
            }
        }
    }

    @Test
    void waitingEndsInOneLineNamingTheLogWhenTheWatchedWorkerHasExited(@TempDir Path dir)
            throws Exception {
        // 1. a real broker with no worker on it, and a worker process that has already exited
        Process dead =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-version")
                        .start();
        assertThat(dead.waitFor(60, TimeUnit.SECONDS)).isTrue();
        Path log = dir.resolve("worker-1.log");
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PrintStream oldErr = System.err, oldOut = System.out;
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            System.setOut(
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            try {
                // 2. --wait without a time-out: before, it waited for ever
                CompletableFuture<Integer> run =
                        CompletableFuture.supplyAsync(
                                () ->
                                        Main.run(
                                                "selfplay",
                                                "--bootstrap-servers",
                                                broker.bootstrapServers(),
                                                "--topic-prefix",
                                                "watched",
                                                "--games",
                                                "2",
                                                "--nodes",
                                                "60",
                                                "--seed",
                                                "5",
                                                "--wait",
                                                "--watch-worker",
                                                dead.pid() + "=" + log));
                // 3. within a poll or two: exit 1 and one line that names the log
                assertThat(run.get(2, TimeUnit.MINUTES)).isEqualTo(ExitCodes.FAILURE);
            } finally {
                System.setErr(oldErr);
                System.setOut(oldOut);
            }
            String text = err.toString(StandardCharsets.UTF_8).strip();
            assertThat(text.lines())
                    .as(text)
                    .filteredOn(l -> l.startsWith("joseki selfplay:"))
                    .singleElement()
                    .asString()
                    .matches(
                            "joseki selfplay: run \\S+: 0 of 2 games arrived, and no more will: the"
                                    + " worker process started for it has exited; see "
                                    + java.util.regex.Pattern.quote(log.toString()));
            assertThat(text).doesNotContain("\tat ");
        }
    }
}
