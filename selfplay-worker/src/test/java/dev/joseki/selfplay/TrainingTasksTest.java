package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.TrainTask;
import dev.joseki.records.proto.TrainingPosition;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Training tasks through a real worker on a real broker (one task partition, so the tasks are taken
 * in order): a crashing teacher is played again and parked after {@link
 * TrainingTasks#TEACHER_ATTEMPTS} failures with nothing published, bad tasks go to the dead-letter
 * topic, and the worker then labels a good task's game, one position per searched move.
 */
@ExtendWith(KafkaBrokerExtension.class)
class TrainingTasksTest {
    private static TrainTask task(String id, Player black, Player white, int maxPlies) {
        SelfPlayTask g =
                TopicsForTest.oneGame(
                        id, black, white, Limits.newBuilder().setNodes(1).build(), maxPlies);
        return TrainTask.newBuilder()
                .setTaskId(id)
                .setRunId("train-tasks-test")
                .setGames(g.toBuilder().setTournamentId("train-tasks-test"))
                .build();
    }

    private static void send(KafkaSettings kafka, Topics topics, TrainTask t) throws Exception {
        TopicsForTest.sendRaw(kafka, topics.trainTasks(), t.getTaskId(), t.toByteArray());
    }

    private static String error(ConsumerRecord<String, byte[]> r) {
        return new String(r.headers().lastHeader("joseki.error").value(), StandardCharsets.UTF_8);
    }

    @Test
    void aFailingTeacherIsReplayedThenParkedAndAGoodTaskIsLabelledMoveByMove(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = TopicsForTest.named("train-tasks", 1, 2);
        topics.ensure(kafka);
        Player random = TestEngines.usi("random", "random", 0);
        Player crashing = TestEngines.usi("crash", "crash", 0);

        send(kafka, topics, task("tt-crash", crashing, crashing, 0));
        TopicsForTest.sendRaw(
                kafka,
                topics.trainTasks(),
                "garbage",
                "not protobuf \u0001\u0002".getBytes(StandardCharsets.UTF_8));
        send(kafka, topics, task("tt-two", random, crashing, 0));
        send(kafka, topics, task("tt-ok", random, random, 30));

        Worker.Config cfg = new Worker.Config(kafka, topics, "train-tasks-group", 1, "test-worker");
        List<GameRecord> games;
        try (Worker worker = new Worker(cfg, PlayerFactory.standard())) {
            worker.start();
            games = awaitTrainGames(kafka, topics, 1, Duration.ofSeconds(120));
        }
        List<TrainingPosition> positions =
                TrainRun.readPositions(kafka, topics).stream()
                        .sorted(java.util.Comparator.comparingInt(TrainingPosition::getPly))
                        .toList();
        List<ConsumerRecord<String, byte[]>> dead = TopicsForTest.deadLetters(kafka, topics);

        // The crashing teacher dies on its third go, in each of the three attempts.
        assertThat(dead).hasSize(3);
        assertThat(dead.get(0).key()).isEqualTo("tt-crash");
        assertThat(error(dead.get(0)))
                .startsWith("teacher failed 3 times: game tt-crash/0 ended by")
                .contains("TERMINATION_ENGINE_CRASH");
        assertThat(dead.get(1).key()).isEqualTo("garbage");
        assertThat(error(dead.get(1))).startsWith("not a TrainTask");
        assertThat(error(dead.get(2)))
                .isEqualTo("games: black and white must be the same engine (the teacher)");

        // Nothing of the failed attempts was published; the good game is labelled move by move.
        assertThat(games).extracting(GameRecord::getGameId).containsExactly("tt-ok/0");
        GameRecord g = games.get(0);
        assertThat(g.getMovesCount()).isBetween(1, 30);
        assertThat(positions).hasSize(g.getMovesCount());
        for (int i = 0; i < g.getMovesCount(); i++) {
            TrainingPosition p = positions.get(i);
            assertThat(p.getPositionId()).isEqualTo("tt-ok/0/" + (i + 1));
            assertThat(p.getPly()).isEqualTo(i + 1);
            assertThat(p.getBlackToMove()).isEqualTo(i % 2 == 0);
            assertThat(p.getBestMove()).isEqualTo(g.getMoves(i).getUsi());
            assertThat(p.getScore()).isEqualTo(g.getMoves(i).getScoreCp());
            assertThat(p.getResult()).isEqualTo(g.getResult());
            assertThat(p.getTeacher().getEngineId()).isEqualTo("test-random");
        }
    }

    /** Polls the train games topic (read_committed) until it holds at least n records. */
    static List<GameRecord> awaitTrainGames(
            KafkaSettings kafka, Topics topics, int n, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<GameRecord> all = List.of();
        while (System.nanoTime() < deadline) {
            all = TrainRun.readGames(kafka, topics);
            if (all.size() >= n) {
                return all;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("only " + all.size() + " of " + n + " training games");
    }
}
