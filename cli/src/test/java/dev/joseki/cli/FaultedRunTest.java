package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.selfplay.WorkerMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once in its strongest form: the same self-play (fixed node budget, fixed seed) and the
 * same evaluations (fixed positions and nodes), once undisturbed and once while a worker is
 * SIGKILLed inside its work, the broker is killed and started again on its data, and a worker is
 * paused past its session time-out. Built, folded, propagated and exported, the two books must be
 * the same byte for byte. experiments/chaos.sh is the twenty-minute version of this test.
 */
@Tag("full")
class FaultedRunTest {
    private static final int GAMES = 40;
    private static final int POSITIONS = 16;

    /** The broker's session time-out (fast fail-over settings) plus a margin. */
    private static final long PAUSE_MILLIS = 6_000 + 4_000;

    @Test
    void aRunUnderFaultsExportsExactlyTheBookOfTheSameRunWithoutThem(@TempDir Path dir)
            throws Exception {
        Path positions = dir.resolve("positions.usi");
        Files.write(
                positions,
                Files.readAllLines(Path.of("../experiments/holdout-floodgate.usi")).stream()
                        .filter(l -> !l.startsWith("#"))
                        .limit(POSITIONS)
                        .toList());
        try (KafkaBroker broker = KafkaBroker.temporary(KafkaBrokerExtension.fastFailover())) {
            broker.start();
            Run clean = new Run(broker, dir.resolve("clean"), "clean", positions);
            clean.play(() -> {});
            Run faulted = new Run(broker, dir.resolve("faulted"), "faulted", positions);
            List<String> faults = new ArrayList<>();
            faulted.play(
                    () -> {
                        // 1. SIGKILL worker 0 inside a task, then start it again
                        faulted.awaitLastLine(0, "playing task");
                        faulted.workers[0].destroyForcibly();
                        faulted.waitFor(0);
                        faults.add("kill@" + faulted.commits());
                        faulted.startWorker(0);
                        // 2. kill the broker once a quarter of the work is committed; restart it
                        faulted.awaitCommits(GAMES / 4);
                        broker.crash();
                        faults.add("broker-kill@" + faulted.commits());
                        sleep(2_000);
                        broker.start();
                        // 3. pause worker 1 past its session time-out once half is committed
                        faulted.awaitCommits(GAMES / 2);
                        signal("STOP", faulted.workers[1]);
                        faults.add("pause@" + faulted.commits());
                        sleep(PAUSE_MILLIS);
                        signal("CONT", faulted.workers[1]);
                    });
            // every fault struck while work was left
            assertThat(faults).hasSize(3);
            for (String f : faults) {
                assertThat(Integer.parseInt(f.substring(f.indexOf('@') + 1)))
                        .as(faults.toString())
                        .isLessThan(GAMES);
            }
            // the same games, each once, and the same book to the byte
            assertThat(faulted.games()).hasSize(GAMES).isEqualTo(clean.games());
            byte[] a = clean.exportBook(broker);
            byte[] b = faulted.exportBook(broker);
            assertThat(new String(a, java.nio.charset.StandardCharsets.UTF_8).lines().count())
                    .as("a book with the games' positions and the evaluated ones")
                    .isGreaterThan(100);
            assertThat(b).as(faults.toString()).isEqualTo(a);
        }
    }

    /** One run: its topics and group, two worker JVMs, the self-play and evaluate commands. */
    private static final class Run {
        final KafkaBroker broker;
        final Path dir;
        final String prefix;
        final Path positions;
        final Process[] workers = new Process[2];

        Run(KafkaBroker broker, Path dir, String prefix, Path positions) throws Exception {
            this.broker = broker;
            this.dir = Files.createDirectories(dir);
            this.prefix = prefix;
            this.positions = positions;
        }

        String[] kafka(String... args) {
            List<String> a = new ArrayList<>(List.of(args));
            a.addAll(
                    List.of(
                            "--bootstrap-servers",
                            broker.bootstrapServers(),
                            "--topic-prefix",
                            prefix,
                            "--group",
                            prefix + "-workers"));
            return a.toArray(String[]::new);
        }

        void startWorker(int i) throws Exception {
            workers[i] =
                    new ProcessBuilder(
                                    Path.of(System.getProperty("java.home"), "bin", "java")
                                            .toString(),
                                    "-Xmx256m",
                                    "-cp",
                                    System.getProperty("java.class.path"),
                                    WorkerMain.class.getName(),
                                    "--bootstrap-servers",
                                    broker.bootstrapServers(),
                                    "--concurrency",
                                    "1",
                                    "--group",
                                    prefix + "-workers",
                                    "--topic-prefix",
                                    prefix)
                            .redirectErrorStream(true)
                            .redirectOutput(
                                    ProcessBuilder.Redirect.appendTo(
                                            dir.resolve("worker-" + i + ".log").toFile()))
                            .start();
        }

        /** Enqueues and awaits the games and evaluations while {@code faults} runs. */
        void play(ThrowingRunnable faults) throws Exception {
            startWorker(0);
            startWorker(1);
            try {
                CompletableFuture<Integer> games =
                        CompletableFuture.supplyAsync(
                                () ->
                                        Main.run(
                                                kafka(
                                                        "selfplay",
                                                        "--games",
                                                        String.valueOf(GAMES),
                                                        "--nodes",
                                                        "3000",
                                                        "--max-plies",
                                                        "80",
                                                        "--seed",
                                                        "11",
                                                        "--await-workers",
                                                        "2",
                                                        "--wait",
                                                        "--wait-timeout",
                                                        "600",
                                                        "--out",
                                                        dir.resolve("games").toString())));
                CompletableFuture<Integer> evals =
                        CompletableFuture.supplyAsync(
                                () ->
                                        Main.run(
                                                kafka(
                                                        "evaluate",
                                                        "--positions",
                                                        positions.toString(),
                                                        "--nodes",
                                                        "20000",
                                                        "--multipv",
                                                        "2",
                                                        "--per-task",
                                                        "2",
                                                        "--wait",
                                                        "--wait-timeout",
                                                        "600")));
                faults.run();
                assertThat(games.get(10, TimeUnit.MINUTES)).isZero();
                assertThat(evals.get(10, TimeUnit.MINUTES)).isZero();
            } finally {
                for (Process w : workers) {
                    w.destroy();
                }
                for (Process w : workers) {
                    if (!w.waitFor(30, TimeUnit.SECONDS)) {
                        w.destroyForcibly();
                    }
                }
            }
        }

        /** The games as USI lines from the start, sorted (run ids and workers differ). */
        List<String> games() throws Exception {
            return Files.readAllLines(dir.resolve("games/games.usi")).stream().sorted().toList();
        }

        byte[] exportBook(KafkaBroker broker) throws Exception {
            String book = dir.resolve("book").toString();
            for (String[] command :
                    List.of(
                            kafka("book", "build", "--from-kafka", "--out", book),
                            kafka("book", "evals", "--from-kafka", "--out", book),
                            new String[] {"book", "propagate", "--book", book},
                            new String[] {
                                "book",
                                "export",
                                "--book",
                                book,
                                "--format",
                                "yaneuraou",
                                "--out",
                                dir.resolve("book.db").toString()
                            })) {
                Cli.Run r = Cli.run(command);
                assertThat(r.status()).as(String.join(" ", command) + ": " + r.err()).isZero();
            }
            return Files.readAllBytes(dir.resolve("book.db"));
        }

        /** Tasks committed so far by every worker of this run (their logs say so). */
        int commits() throws Exception {
            int n = 0;
            for (int i = 0; i < 2; i++) {
                Path log = dir.resolve("worker-" + i + ".log");
                if (Files.exists(log)) {
                    n +=
                            (int)
                                    Files.readAllLines(log).stream()
                                            .filter(
                                                    l ->
                                                            l.contains("committed (")
                                                                    && !l.contains(" 0 games"))
                                            .count();
                }
            }
            return n;
        }

        void awaitCommits(int n) throws Exception {
            await(() -> unchecked(() -> commits() >= n), "commits " + n);
        }

        void awaitLastLine(int worker, String text) throws Exception {
            Path log = dir.resolve("worker-" + worker + ".log");
            await(
                    () ->
                            unchecked(
                                    () -> {
                                        List<String> lines = Files.readAllLines(log);
                                        return !lines.isEmpty()
                                                && lines.get(lines.size() - 1).contains(text);
                                    }),
                    "worker " + worker + ": " + text);
        }

        void waitFor(int worker) throws Exception {
            assertThat(workers[worker].waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    interface ThrowingBoolean {
        boolean get() throws Exception;
    }

    private static boolean unchecked(ThrowingBoolean b) {
        try {
            return b.get();
        } catch (Exception e) {
            return false;
        }
    }

    private static void await(BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static void signal(String name, Process p) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(p.pid())).start();
        assertThat(kill.waitFor()).isZero();
    }

    private static void sleep(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }
}
