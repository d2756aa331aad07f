package dev.joseki.selfplay;

import static dev.joseki.selfplay.TopicsForTest.oneGame;
import static dev.joseki.selfplay.TopicsForTest.sendTask;
import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.Termination;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A real worker on a real broker keeps an external engine's process from one task to the next (its
 * slot's {@link EnginePool}), starts it again when it died, and ends it when the worker stops. The
 * witness is the test engine in mode {@code crash}, which exits on the third {@code go} its process
 * receives: the ply it dies at says whether a task got a fresh process or the one before.
 */
@ExtendWith(KafkaBrokerExtension.class)
class WorkerEngineReuseTest {
    @Test
    void aKeptEngineCarriesOverToTheNextTaskIsRestartedWhenDeadAndEndsWithTheWorker(
            KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = TopicsForTest.named("engine-reuse", 1, 1);
        topics.ensure(kafka);
        Player crash = TestEngines.usi("crash", "crash", 0);
        Player random = TestEngines.usi("random", "random", 0);
        Limits oneNode = Limits.newBuilder().setNodes(1).build();
        // One task partition: the tasks are taken in this order by the one slot.
        sendTask(
                kafka,
                topics,
                oneGame("reuse-1", crash, random, oneNode, 2)); // crash's process: go 1 (ply 1)
        sendTask(
                kafka,
                topics,
                oneGame(
                        "reuse-2", crash, random, oneNode,
                        40)); // the same process: go 2 (ply 1), go 3 (ply 3) exits
        sendTask(
                kafka,
                topics,
                oneGame(
                        "reuse-3", crash, random, oneNode,
                        40)); // dead, so started again: exits at ply 5

        Worker.Config cfg =
                new Worker.Config(kafka, topics, "engine-reuse-group", 1, "reuse-worker");
        List<GameRecord> games;
        try (Worker worker = new Worker(cfg, PlayerFactory.standard())) {
            worker.start();
            games = TopicsForTest.awaitGames(kafka, topics, 3, Duration.ofSeconds(90));
        }
        Map<String, GameRecord> byId =
                games.stream()
                        .collect(Collectors.toMap(GameRecord::getGameId, Function.identity()));
        assertThat(byId).containsOnlyKeys("reuse-1/0", "reuse-2/0", "reuse-3/0");

        assertThat(byId.get("reuse-1/0").getMovesCount()).isEqualTo(2);
        assertThat(byId.get("reuse-1/0").getTermination())
                .isNotEqualTo(Termination.TERMINATION_ENGINE_CRASH);

        // A fresh process would have played plies 1 and 3 and died at 5 (four moves recorded).
        GameRecord kept = byId.get("reuse-2/0");
        assertThat(kept.getTermination()).isEqualTo(Termination.TERMINATION_ENGINE_CRASH);
        assertThat(kept.getResult()).isEqualTo(GameResult.GAME_RESULT_WHITE_WIN);
        assertThat(kept.getMovesCount()).isEqualTo(2);

        GameRecord restarted = byId.get("reuse-3/0");
        assertThat(restarted.getTermination()).isEqualTo(Termination.TERMINATION_ENGINE_CRASH);
        assertThat(restarted.getMovesCount()).isEqualTo(4);

        // The worker has stopped: no test engine it started is left running.
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (testEnginesAlive() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(testEnginesAlive()).isZero();
    }

    private static long testEnginesAlive() {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains("engines.TestEngine"))
                .count();
    }
}
