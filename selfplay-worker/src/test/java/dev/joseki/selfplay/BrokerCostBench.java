package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.GameRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Not a unit test: the broker's CPU a game at several games per task ({@code --games-per-task}).
 * One broker with the project's settings and W worker JVMs of one slot play, for each N of {@code
 * joseki.cost.gamesPerTask} (default {@code 1,8}), G games of two plies at one node a move sent at
 * once N a task, so that nearly all the broker's work is the task protocol (fetch, transaction,
 * offset commit, settle). The broker JVM's CPU time (user + system, /proc) before and after each
 * run, divided by G, is its cost a game; the workers' the same. A warm-up run of G/4 games at one a
 * task comes first, uncounted (the broker's JIT). Run with {@code mvn -B -o -q -pl selfplay-worker
 * -am test -Dtest=BrokerCostBench -Dsurefire.failIfNoSpecifiedTests=false -Djoseki.cost.games=2000
 * -Djoseki.cost.workers=8}; prints one BROKER-COST line a setting.
 *
 * <p>The reader of the games topic that waits for the games is part of what the broker serves, the
 * same in every run: its fetches are counted with the protocol.
 */
@EnabledIfSystemProperty(named = "joseki.cost.games", matches = "\\d+")
class BrokerCostBench {
    private static final String GROUP = "cost-group";

    @Test
    void brokerCpuAGameAtSeveralGamesPerTask() throws Exception {
        int games = Integer.getInteger("joseki.cost.games");
        int workerCount = Integer.getInteger("joseki.cost.workers", 4);
        int[] perTask =
                Arrays.stream(System.getProperty("joseki.cost.gamesPerTask", "1,8").split(","))
                        .mapToInt(s -> Integer.parseInt(s.trim()))
                        .toArray();
        Topics topics = Topics.withPrefix("cost", Math.max(32, 2 * workerCount));
        Path logs = Files.createDirectories(Path.of("target", "cost-logs"));
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
            topics.ensure(kafka);
            List<Process> workers = new ArrayList<>();
            try {
                for (int i = 0; i < workerCount; i++) {
                    workers.add(
                            WorkerProcess.start(
                                    broker.bootstrapServers(),
                                    GROUP,
                                    "cost",
                                    logs.resolve("worker-" + i + ".log"),
                                    "-Xmx96m",
                                    "-XX:+UseSerialGC"));
                }
                assertThat(
                                SelfPlayRun.awaitWorkers(
                                        kafka, topics, GROUP, workerCount, Duration.ofMinutes(10)))
                        .isTrue();
                long brokerPid = ProcStats.brokerPid();
                play(kafka, topics, "cost-warmup", Math.max(1, games / 4), 1);
                for (int n : perTask) {
                    double broker0 = ProcStats.cpuSeconds(List.of(brokerPid));
                    double workers0 = ProcStats.cpuSeconds(ProcStats.pids(workers));
                    long t0 = System.nanoTime();
                    int tasks = play(kafka, topics, "cost-n" + n, games, n);
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    double brokerMs =
                            1000 * (ProcStats.cpuSeconds(List.of(brokerPid)) - broker0) / games;
                    double workersMs =
                            1000
                                    * (ProcStats.cpuSeconds(ProcStats.pids(workers)) - workers0)
                                    / games;
                    System.out.printf(
                            java.util.Locale.ROOT,
                            "BROKER-COST games_per_task %d: %d games in %d tasks, %d workers,"
                                    + " %.1f s; broker CPU %.2f ms a game (%.2f ms a task),"
                                    + " workers %.2f ms a game%n",
                            n,
                            games,
                            tasks,
                            workerCount,
                            seconds,
                            brokerMs,
                            brokerMs * games / tasks,
                            workersMs);
                }
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
    }

    /** Plays {@code games} near-empty games {@code perTask} a task; returns the tasks sent. */
    private static int play(
            KafkaSettings kafka, Topics topics, String runId, int games, int perTask)
            throws Exception {
        EngineSpec tiny = TestEngines.tinyBuiltinSpec();
        SelfPlayRun run =
                new SelfPlayRun(
                        runId,
                        new SelfPlayRun.Spec(games, SearchLimit.nodes(1), 0, 1, tiny, tiny, 2),
                        perTask);
        Map<TopicPartition, Long> from = SelfPlayRun.gamesEnd(kafka, topics);
        run.publish(kafka, topics, GROUP);
        Map<String, GameRecord> got =
                run.await(kafka, topics, from, n -> {}, Duration.ofMinutes(30));
        assertThat(got).as("games of " + runId).hasSize(games);
        return run.tasks().size();
    }
}
