package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.GameRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A worker JVM that joins a busy group must start a task within 20 s of its start-up (the claim on
 * an idle machine is 10 s from the JVM's start: the JVM, joining, and the partitions the busy
 * worker gives up between two of its tasks, heard of on 1 s heartbeats), and the run must still
 * hold each game exactly once.
 */
@ExtendWith(KafkaBrokerExtension.class)
class WorkerJoinTest {
    /** Enough short games that the first worker is still busy when the second one is ready. */
    private static final int GAMES = 300;

    @Test
    void aJoiningWorkerPlaysWithinSecondsAndNoGameIsLostOrDoubled(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("join");
        topics.ensure(kafka);
        EngineSpec tiny = TestEngines.tinyBuiltinSpec();
        SelfPlayRun run =
                new SelfPlayRun(
                        "join-run",
                        new SelfPlayRun.Spec(
                                GAMES,
                                SearchLimit.nodes(TestEngines.TINY_NODES),
                                4,
                                7,
                                tiny,
                                tiny,
                                40));
        Path logs = Files.createDirectories(Path.of("target", "worker-join-logs"));
        List<Process> workers = new ArrayList<>();
        try {
            workers.add(
                    WorkerProcess.start(
                            broker.bootstrapServers(),
                            "join-group",
                            "join",
                            logs.resolve("worker-0.log"),
                            "-Xmx256m"));
            assertThat(
                            SelfPlayRun.awaitWorkers(
                                    kafka, topics, "join-group", 1, Duration.ofSeconds(180)))
                    .isTrue();
            assertThat(SelfPlayRun.topicsHeld(kafka, "join-group"))
                    .as("what the group's one worker consumes: its prefix's task topics")
                    .contains("join.eval.tasks", "join.selfplay.tasks", "join.train.tasks")
                    .allMatch(t -> t.startsWith("join."));
            run.publish(kafka, topics, "join-group");
            TopicsForTest.awaitGames(kafka, topics, 5, Duration.ofSeconds(300));

            long startedAt = System.nanoTime();
            Path joinerLog = logs.resolve("worker-1.log");
            workers.add(
                    WorkerProcess.start(
                            broker.bootstrapServers(),
                            "join-group",
                            "join",
                            joinerLog,
                            "-Xmx256m"));
            WorkerLog.workerStarted(joinerLog, Duration.ofSeconds(120));
            long readyAt = System.nanoTime();
            String first = WorkerLog.awaitTaskInFlight(joinerLog, Duration.ofSeconds(120));
            long playingAt = System.nanoTime();
            double jvm = (readyAt - startedAt) / 1e9, group = (playingAt - readyAt) / 1e9;
            System.out.printf(
                    "JOIN: the new worker started task %s %.1f s after its JVM was started (JVM"
                            + " start to worker started %.1f s, then to its first task %.1f s)%n",
                    first, jvm + group, jvm, group);
            // What the group protocol costs (join, the busy worker giving up partitions between
            // two tasks, 1 s heartbeats) is asserted with room for a loaded machine; the JVM's own
            // start is the machine's, and only bounded loosely.
            assertThat(group).as("seconds from a worker's start to its first task").isLessThan(20);
            assertThat(jvm + group)
                    .as("seconds from a JVM's start to its first task")
                    .isLessThan(60);

            List<GameRecord> all =
                    TopicsForTest.awaitGames(kafka, topics, GAMES, Duration.ofSeconds(600));
            Thread.sleep(3000); // a duplicate committed late would show up here
            all = SelfPlayRun.readAll(kafka, topics);
            Set<String> ids = all.stream().map(GameRecord::getGameId).collect(Collectors.toSet());
            assertThat(all).hasSize(GAMES);
            for (int t = 0; t < GAMES; t++) {
                assertThat(ids).contains("join-run-" + t + "/0");
            }
            assertThat(all.stream().map(GameRecord::getWorkerId).distinct().count()).isEqualTo(2);
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
