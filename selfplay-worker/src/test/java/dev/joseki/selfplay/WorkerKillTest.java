package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.rules.Game;
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
 * Two real worker JVMs share 40 games; one is SIGKILLed mid-run. The survivor must start the task
 * the victim was playing within 20 s of the kill (the broker's session time-out is 6 s), and read
 * committed, the games topic must then hold each of the 40 game ids exactly once, each a complete
 * game that replays legally.
 */
@ExtendWith(KafkaBrokerExtension.class)
class WorkerKillTest {
    private static final int GAMES = 40;

    @Test
    void sigkilledWorkerLosesNoGameAndDuplicatesNone(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("kill");
        topics.ensure(kafka);
        EngineSpec tiny = TestEngines.tinyBuiltinSpec();
        SelfPlayRun run =
                new SelfPlayRun(
                        "kill-run",
                        new SelfPlayRun.Spec(
                                GAMES,
                                SearchLimit.nodes(TestEngines.TINY_NODES),
                                6,
                                42,
                                tiny,
                                tiny,
                                0));

        Path logs = Files.createDirectories(Path.of("target", "worker-kill-logs"));
        List<Process> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            workers.add(
                    WorkerProcess.start(
                            broker.bootstrapServers(),
                            "kill-group",
                            "kill",
                            logs.resolve("worker-" + i + ".log"),
                            "-Xmx256m"));
        }
        try {
            assertThat(
                            SelfPlayRun.awaitWorkers(
                                    kafka, topics, "kill-group", 2, Duration.ofSeconds(180)))
                    .isTrue();
            run.publish(kafka, topics, "kill-group");
            List<GameRecord> before =
                    TopicsForTest.awaitGames(kafka, topics, 8, Duration.ofSeconds(300));
            Process victim = workers.get(0);
            Path victimLog = logs.resolve("worker-0.log");
            // Kill while the victim is inside a task (its last task line is "playing", not
            // "committed").
            String inFlight = WorkerLog.awaitTaskInFlight(victimLog, Duration.ofSeconds(180));
            long killedAt = System.nanoTime();
            victim.destroyForcibly(); // SIGKILL: no shutdown hook, no clean leave, no commit
            assertThat(victim.waitFor(10, TimeUnit.SECONDS)).isTrue();
            // Failover: the broker fences the silent member after its session time-out (6 s,
            // KafkaBroker.FAST_FAILOVER), the survivor hears of the freed partitions on its next
            // heartbeat (1 s) and starts the task once its own is done: about 7 s on an idle
            // machine, asserted with room for a loaded one.
            WorkerLog.awaitTaskStarted(
                    logs.resolve("worker-1.log"), inFlight, Duration.ofSeconds(120));
            double failover = (System.nanoTime() - killedAt) / 1e9;
            System.out.printf(
                    "FAILOVER SIGKILL: task %s played again %.1f s after the kill%n",
                    inFlight, failover);
            assertThat(failover).as("seconds from SIGKILL to the task played again").isLessThan(20);
            assertThat(before.size()).as("the kill must land mid-run").isLessThan(GAMES);
            String victimId = WorkerLog.workerId(victimLog);

            List<GameRecord> all =
                    TopicsForTest.awaitGames(kafka, topics, GAMES, Duration.ofSeconds(480));
            Thread.sleep(3000); // a duplicate committed late would show up here
            all = SelfPlayRun.readAll(kafka, topics);

            Set<String> ids = all.stream().map(GameRecord::getGameId).collect(Collectors.toSet());
            assertThat(all).hasSize(GAMES);
            assertThat(ids).hasSize(GAMES);
            // one engine on both sides: single games, one task each
            for (int t = 0; t < GAMES; t++) {
                assertThat(ids).contains("kill-run-" + t + "/0");
            }
            for (GameRecord g : all) {
                Game replayed = GameRecords.replay(g);
                assertThat(replayed.isOver()).as(g.getGameId() + " is complete").isTrue();
                assertThat(g.getOpeningPlies()).isEqualTo(6);
            }
            assertThat(all.stream().map(GameRecord::getWorkerId).distinct().count()).isEqualTo(2);
            // The task the victim was playing when killed was finished, once, by the survivor.
            List<GameRecord> redone =
                    all.stream().filter(g -> g.getTaskId().equals(inFlight)).toList();
            assertThat(redone).hasSize(1);
            assertThat(redone).allSatisfy(g -> assertThat(g.getWorkerId()).isNotEqualTo(victimId));
            // ... and replayed, it is the same game as the task played afresh in this JVM: every
            // random choice (random plies, book draw) comes from the task's seed, not from the
            // worker or the clock.
            SelfPlayTask task =
                    run.tasks().stream()
                            .filter(t -> t.getTaskId().equals(inFlight))
                            .findFirst()
                            .orElseThrow();
            GameRecord fresh;
            try (dev.joseki.play.Player b =
                            new dev.joseki.play.BuiltinPlayer(task.getBlack().getOptionsMap());
                    dev.joseki.play.Player w =
                            new dev.joseki.play.BuiltinPlayer(task.getWhite().getOptionsMap())) {
                fresh =
                        new TaskGames("here", "v")
                                .play(
                                        task,
                                        0,
                                        new TaskGames.Seat(b, task.getBlack()),
                                        new TaskGames.Seat(w, task.getWhite()),
                                        () -> false);
            }
            assertThat(redone.get(0).getMovesList())
                    .extracting(MoveRecord::getUsi)
                    .isEqualTo(fresh.getMovesList().stream().map(MoveRecord::getUsi).toList());
            assertThat(redone.get(0).getResult()).isEqualTo(fresh.getResult());

            // SIGTERM: the survivor leaves cleanly and exits by itself.
            Process survivor = workers.get(1);
            survivor.destroy();
            assertThat(survivor.waitFor(40, TimeUnit.SECONDS)).isTrue();
            // Leaving wrote nothing half-done: the topic still holds each game exactly once. (Its
            // log line is not checked: log4j may already be shut down when the JVM's shutdown hook
            // logs.)
            List<GameRecord> afterExit = SelfPlayRun.readAll(kafka, topics);
            assertThat(afterExit).hasSize(GAMES);
            assertThat(afterExit.stream().map(GameRecord::getGameId).distinct().count())
                    .isEqualTo(GAMES);
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

    /**
     * With four games per task: the victim is killed inside a batch; the survivor plays the whole
     * batch again, and every game id still arrives exactly once.
     */
    @Test
    void sigkilledWorkerMidBatchReplaysTheWholeBatchOnce(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("kill4");
        topics.ensure(kafka);
        EngineSpec tiny = TestEngines.tinyBuiltinSpec();
        SelfPlayRun run =
                new SelfPlayRun(
                        "kill4-run",
                        new SelfPlayRun.Spec(
                                GAMES,
                                SearchLimit.nodes(TestEngines.TINY_NODES),
                                6,
                                43,
                                tiny,
                                tiny,
                                0),
                        4);
        // 40 single games, four a task: batches kill4-run-b0 … b9.
        assertThat(run.tasks()).hasSize(10);
        Path logs = Files.createDirectories(Path.of("target", "worker-kill4-logs"));
        List<Process> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            workers.add(
                    WorkerProcess.start(
                            broker.bootstrapServers(),
                            "kill4-group",
                            "kill4",
                            logs.resolve("worker-" + i + ".log"),
                            "-Xmx256m"));
        }
        try {
            assertThat(
                            SelfPlayRun.awaitWorkers(
                                    kafka, topics, "kill4-group", 2, Duration.ofSeconds(180)))
                    .isTrue();
            run.publish(kafka, topics, "kill4-group");
            TopicsForTest.awaitGames(kafka, topics, 4, Duration.ofSeconds(300));
            Path victimLog = logs.resolve("worker-0.log");
            String inFlight = WorkerLog.awaitTaskInFlight(victimLog, Duration.ofSeconds(180));
            assertThat(inFlight).startsWith("kill4-run-b");
            workers.get(0).destroyForcibly();
            assertThat(workers.get(0).waitFor(10, TimeUnit.SECONDS)).isTrue();
            String victimId = WorkerLog.workerId(victimLog);
            WorkerLog.awaitTaskStarted(
                    logs.resolve("worker-1.log"), inFlight, Duration.ofSeconds(120));

            TopicsForTest.awaitGames(kafka, topics, GAMES, Duration.ofSeconds(480));
            Thread.sleep(3000); // a duplicate committed late would show up here
            List<GameRecord> all = SelfPlayRun.readAll(kafka, topics);
            assertThat(all).hasSize(GAMES);
            Set<String> ids = all.stream().map(GameRecord::getGameId).collect(Collectors.toSet());
            for (int t = 0; t < GAMES; t++) {
                assertThat(ids).contains("kill4-run-" + t + "/0");
            }
            // The batch in flight at the kill is tasks 4k … 4k+3; the survivor played all four.
            int k = Integer.parseInt(inFlight.substring("kill4-run-b".length()));
            List<GameRecord> redone =
                    all.stream()
                            .filter(
                                    g ->
                                            Set.of(
                                                            "kill4-run-" + 4 * k,
                                                            "kill4-run-" + (4 * k + 1),
                                                            "kill4-run-" + (4 * k + 2),
                                                            "kill4-run-" + (4 * k + 3))
                                                    .contains(g.getTaskId()))
                            .toList();
            assertThat(redone).hasSize(4);
            assertThat(redone).allSatisfy(g -> assertThat(g.getWorkerId()).isNotEqualTo(victimId));
            for (GameRecord g : all) {
                assertThat(GameRecords.replay(g).isOver()).as(g.getGameId()).isTrue();
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
