package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.Schedule;
import dev.joseki.tournament.TournamentFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A tournament's games several to a task on the real broker, played by a worker in this JVM: games
 * 2k and 2k+1 (a colour-swapped pair) always share a task, every game arrives once, and a re-run
 * and a queued batch are counted by their games.
 */
@ExtendWith(KafkaBrokerExtension.class)
class KafkaExecutorGamesPerTaskTest {
    /** Two players, three rounds: games 0 … 5, pairs (0, 1), (2, 3), (4, 5). */
    private static List<GameTask> schedule() {
        return Schedule.build(
                List.of(
                        EngineSpec.parse("name=a builtin option.USI_Hash=1 depth=1"),
                        EngineSpec.parse("name=b builtin option.USI_Hash=1 depth=1")),
                TournamentFormat.ROUND_ROBIN,
                3,
                OpeningSuite.sequential(
                        OpeningSuite.parse(
                                "startpos moves 7g7f 3c3d\nstartpos moves 2g2f 8c8d\n", "test")));
    }

    private static KafkaExecutor.Config config(KafkaSettings kafka, Topics topics, String id) {
        return new KafkaExecutor.Config(
                kafka, topics, id + "-group", id, id, 16, 8, Duration.ofSeconds(90), 4);
    }

    @Test
    void fourGamesATaskSendBlocksOfWholePairsAndEveryGameArrivesOnce(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("gpt");
        topics.ensure(kafka);
        List<GameTask> tasks = schedule();
        assertThat(tasks).extracting(GameTask::id).containsExactly(0, 1, 2, 3, 4, 5);
        Worker worker =
                new Worker(
                        new Worker.Config(kafka, topics, "gpt-group", 1, "w"),
                        PlayerFactory.standard());
        worker.start();
        try {
            KafkaExecutor run = new KafkaExecutor(config(kafka, topics, "gpt"));
            List<GameOutcome> got = new ArrayList<>();
            run.execute(tasks, got::add);
            // Blocks of four ids: games 0-3 in task gpt-b0, games 4-5 in gpt-b4.
            assertThat(run.sent()).isEqualTo(2);
            assertThat(got)
                    .extracting(o -> o.task().id())
                    .containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5);
            Map<String, List<GameRecord>> byId =
                    SelfPlayRun.readAll(kafka, topics).stream()
                            .collect(Collectors.groupingBy(GameRecord::getGameId));
            assertThat(byId.keySet())
                    .containsExactlyInAnyOrder(
                            "gpt-g0/0", "gpt-g1/0", "gpt-g2/0", "gpt-g3/0", "gpt-g4/0", "gpt-g5/0");
            assertThat(byId).allSatisfy((id, games) -> assertThat(games).as(id).hasSize(1));
            assertThat(worker.gamesPublished()).isEqualTo(6);

            // Run again under the same id: all six are found, nothing is sent.
            KafkaExecutor again = new KafkaExecutor(config(kafka, topics, "gpt"));
            List<GameOutcome> found = new ArrayList<>();
            again.execute(tasks, found::add);
            assertThat(again.resumed()).isEqualTo(6);
            assertThat(again.sent()).isZero();
        } finally {
            worker.stop();
            worker.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aQueuedBatchCountsAsItsGamesInFlight(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("gptq");
        topics.ensure(kafka);
        var batch = TournamentGames.task("gptq", schedule().subList(0, 4), 16);
        assertThat(batch.getTaskId()).isEqualTo("gptq-b0");
        TopicsForTest.sendRaw(kafka, topics.tasks(), batch.getTaskId(), batch.toByteArray());

        // No worker has taken it: its four games are queued.
        assertThat(QueuedTasks.of(kafka, topics.tasks(), "gptq-group", "gptq", null))
                .containsExactly(0, 1, 2, 3);
    }

    @Test
    void aBlockIsTheRunOfPendingGamesWithTheSameIdDividedByTheGamesPerTask() {
        // Game 2 arrived already: pending ids 0, 1, 3, 4, 5; blocks of four: {0, 1, 3}, {4, 5}.
        List<GameTask> pending = new ArrayList<>(schedule());
        pending.remove(2);

        assertThat(KafkaExecutor.blockEnd(pending, 0, 4)).isEqualTo(3);
        assertThat(KafkaExecutor.blockEnd(pending, 3, 4)).isEqualTo(5);
        assertThat(KafkaExecutor.blockEnd(pending, 0, 1)).isEqualTo(1);
        assertThat(KafkaExecutor.blockEnd(pending, 1, 2)).isEqualTo(2);
    }

    @Test
    void anOddNumberOfGamesATaskIsRefusedForATournament() {
        assertThatThrownBy(
                        () ->
                                new KafkaExecutor.Config(
                                        null, null, "g", "t", "t", 16, 8, Duration.ofSeconds(1), 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("colour-swapped pairs");
    }
}
