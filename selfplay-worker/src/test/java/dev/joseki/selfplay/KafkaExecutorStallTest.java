package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.Schedule;
import dev.joseki.tournament.TournamentFormat;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A run stops with a {@link StalledRunException} only when no game of any run finishes for its idle
 * timeout: workers busy with another run's tasks are at work, and the run waits for them.
 */
@ExtendWith(KafkaBrokerExtension.class)
class KafkaExecutorStallTest {
    private static final Duration IDLE = Duration.ofSeconds(3);

    private static List<GameTask> twoGames() {
        return Schedule.build(
                List.of(
                        EngineSpec.parse("name=a builtin depth=1"),
                        EngineSpec.parse("name=b builtin depth=1")),
                TournamentFormat.ROUND_ROBIN,
                1,
                OpeningSuite.sequential(OpeningSuite.parse("startpos\n", "test")));
    }

    private static KafkaExecutor executor(KafkaSettings kafka, Topics topics, String id) {
        return new KafkaExecutor(
                new KafkaExecutor.Config(kafka, topics, id + "-group", id, id, 16, 8, IDLE));
    }

    @Test
    void withNoWorkerARunStopsAfterItsIdleTimeout(KafkaBroker broker) {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("stall-none");
        topics.ensure(kafka);
        long start = System.nanoTime();
        assertThatThrownBy(() -> executor(kafka, topics, "alone").execute(twoGames(), o -> true))
                .isInstanceOf(StalledRunException.class)
                .hasMessageContaining("run alone: no game of any run finished for 3 s")
                .hasMessageContaining("2 games missing");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(seconds).isBetween(3.0, 15.0);
    }

    @Test
    void anotherRunsGamesFinishingKeepItWaiting(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("stall-busy");
        topics.ensure(kafka);
        // 1. Another run's games finish every half second for 8 s (its worker is busy, ours never
        //    comes): three times the idle timeout.
        Thread other =
                new Thread(
                        () -> {
                            try {
                                for (int i = 0; i < 16; i++) {
                                    GameRecord g =
                                            GameRecord.newBuilder()
                                                    .setTournamentId("other")
                                                    .setGameId("other/" + i + "/0")
                                                    .build();
                                    TopicsForTest.sendRaw(
                                            kafka, topics.games(), g.getGameId(), g.toByteArray());
                                    Thread.sleep(500);
                                }
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
        long start = System.nanoTime();
        other.start();
        // 2. The run waits while they arrive, then stops one idle timeout after the last.
        assertThatThrownBy(() -> executor(kafka, topics, "queued").execute(twoGames(), o -> true))
                .isInstanceOf(StalledRunException.class);
        double seconds = (System.nanoTime() - start) / 1e9;
        other.join();
        assertThat(seconds).isGreaterThan(8.0 + IDLE.toSeconds() - 1).isLessThan(30.0);
    }
}
