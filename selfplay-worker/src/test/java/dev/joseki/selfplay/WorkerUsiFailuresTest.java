package dev.joseki.selfplay;

import static dev.joseki.selfplay.TopicsForTest.oneGame;
import static dev.joseki.selfplay.TopicsForTest.sendTask;
import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.Termination;
import dev.joseki.records.proto.UsiCommand;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * External USI engines that crash, cheat or hang, through a real worker on a real broker: each game
 * ends with the right termination and loser, a malformed task goes to the dead-letter topic, and
 * the worker goes on to play the tasks after them (one task partition, so they are taken in order).
 */
@ExtendWith(KafkaBrokerExtension.class)
class WorkerUsiFailuresTest {
    @Test
    void badEnginesLoseWithTheRightTerminationAndTheWorkerCarriesOn(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = TopicsForTest.named("usi-failures", 1, 2);
        topics.ensure(kafka);
        Player random = TestEngines.usi("random", "random", 0);
        Limits oneNode = Limits.newBuilder().setNodes(1).build();
        Player crashing = TestEngines.usi("crash", "crash", 0);
        Player illegal = TestEngines.usi("illegal", "illegal", 0);
        Player silent =
                TestEngines.usi("silent", "silent", 0).toBuilder()
                        .setLimits(Limits.newBuilder().setNodes(1).setMoveTimeoutMs(1500))
                        .build();
        Player missing =
                Player.newBuilder()
                        .setName("missing")
                        .setUsiCommand(
                                UsiCommand.newBuilder().addArgv("/nonexistent/joseki-test-engine"))
                        .build();

        sendTask(kafka, topics, oneGame("usi-0", crashing, random, oneNode, 0));
        TopicsForTest.sendRaw(
                kafka,
                topics.tasks(),
                "garbage",
                "this is not protobuf \u0001\u0002".getBytes(StandardCharsets.UTF_8));
        sendTask(kafka, topics, oneGame("usi-2", illegal, random, oneNode, 0));
        sendTask(kafka, topics, oneGame("usi-3", silent, random, oneNode, 0));
        sendTask(kafka, topics, oneGame("usi-4", missing, random, oneNode, 0));
        sendTask(
                kafka,
                topics,
                SelfPlayTask.newBuilder()
                        .setTaskId("usi-nowhite")
                        .setBlack(random)
                        .setGames(1)
                        .build());
        sendTask(kafka, topics, oneGame("usi-5", random, random, oneNode, 40));

        Worker.Config cfg =
                new Worker.Config(kafka, topics, "usi-failures-group", 1, "test-worker");
        List<GameRecord> games;
        try (Worker worker = new Worker(cfg, PlayerFactory.standard())) {
            worker.start();
            games = TopicsForTest.awaitGames(kafka, topics, 5, Duration.ofSeconds(90));
        }
        Map<String, GameRecord> byId =
                games.stream()
                        .collect(Collectors.toMap(GameRecord::getGameId, Function.identity()));
        assertThat(byId).containsOnlyKeys("usi-0/0", "usi-2/0", "usi-3/0", "usi-4/0", "usi-5/0");

        // crash exits on its third "go": black moved twice, white twice, then black's engine died.
        GameRecord crash = byId.get("usi-0/0");
        assertThat(crash.getTermination()).isEqualTo(Termination.TERMINATION_ENGINE_CRASH);
        assertThat(crash.getResult()).isEqualTo(GameResult.GAME_RESULT_WHITE_WIN);
        assertThat(crash.getMovesCount()).isEqualTo(4);
        assertThat(crash.getTerminationDetail()).contains("exit status 3");

        GameRecord cheat = byId.get("usi-2/0");
        assertThat(cheat.getTermination()).isEqualTo(Termination.TERMINATION_ILLEGAL_MOVE);
        assertThat(cheat.getResult()).isEqualTo(GameResult.GAME_RESULT_WHITE_WIN);
        assertThat(cheat.getMovesCount()).isZero();

        GameRecord hang = byId.get("usi-3/0");
        assertThat(hang.getTermination()).isEqualTo(Termination.TERMINATION_TIME);
        assertThat(hang.getResult()).isEqualTo(GameResult.GAME_RESULT_WHITE_WIN);

        GameRecord noEngine = byId.get("usi-4/0");
        assertThat(noEngine.getTermination()).isEqualTo(Termination.TERMINATION_ENGINE_CRASH);
        assertThat(noEngine.getResult()).isEqualTo(GameResult.GAME_RESULT_WHITE_WIN);

        // The last task, after all the failures, is a normal game capped at 40 plies.
        GameRecord normal = byId.get("usi-5/0");
        assertThat(normal.getMovesCount()).isBetween(1, 40);
        assertThat(normal.getBlack().getEngineId()).isEqualTo("test-random");
        assertThat(normal.getMoves(0).hasScoreCp()).isTrue();
        for (GameRecord g : games) {
            GameRecords.replay(g); // throws on any illegal move or contradicted ending
        }

        List<ConsumerRecord<String, byte[]>> dead = TopicsForTest.deadLetters(kafka, topics);
        assertThat(dead).hasSize(2);
        assertThat(
                        new String(
                                dead.get(0).headers().lastHeader("joseki.error").value(),
                                StandardCharsets.UTF_8))
                .startsWith("not a SelfPlayTask");
        assertThat(dead.get(0).key()).isEqualTo("garbage");
        assertThat(
                        new String(
                                dead.get(1).headers().lastHeader("joseki.error").value(),
                                StandardCharsets.UTF_8))
                .isEqualTo("white: no engine (builtin, usi_command or artifact) given");
        assertThat(dead.get(1).key()).isEqualTo("usi-nowhite");
    }
}
