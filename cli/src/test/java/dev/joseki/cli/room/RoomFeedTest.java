package dev.joseki.cli.room;

import static dev.joseki.cli.room.RoomRecords.game;
import static dev.joseki.cli.room.RoomRecords.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.WorkerHeartbeat;
import dev.joseki.selfplay.RunBoard;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The view read from a real broker: runs, their games (a game twice counts once), a run whose games
 * were on the broker before it, heartbeats and their deletion, and a broker that goes away and
 * comes back.
 */
@Tag("full")
class RoomFeedTest {
    static void await(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("waiting for " + what).isNegative();
            Thread.sleep(100);
        }
    }

    static void send(KafkaProducer<String, byte[]> p, String topic, String key, byte[] value)
            throws Exception {
        p.send(new ProducerRecord<>(topic, key, value)).get();
    }

    static void publish(KafkaProducer<String, byte[]> p, Topics t, GameRecord g) throws Exception {
        send(p, t.games(), g.getGameId(), g.toByteArray());
    }

    @Test
    void followsRunsGamesAndWorkersAndSaysWhenTheBrokerIsAway() throws Exception {
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
            Topics topics = Topics.withPrefix("room", 2);
            topics.ensure(kafka);
            RoomView view = new RoomView();
            try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null));
                    RoomFeed feed = new RoomFeed(kafka, topics, view)) {
                // 1. A run and its games, one of them twice; a game of a run not announced yet.
                RunBoard.publish(kafka, topics, run("t", 10));
                publish(p, topics, game("t", 0, 'W', 1));
                publish(p, topics, game("t", 1, 'D', 2));
                publish(p, topics, game("t", 1, 'D', 2));
                publish(p, topics, game("late", 0, 'L', 3));
                WorkerHeartbeat beat =
                        WorkerHeartbeat.newBuilder().setWorkerId("w1").setIntervalMs(3000).build();
                send(p, topics.workers(), "w1", beat.toByteArray());
                feed.start();
                await(
                        "run t's two games",
                        () -> view.run("t") != null && view.run("t").results().games().size() == 2);
                assertThat(view.brokerProblem()).isNull();
                assertThat(view.run("t").results().crosstable().players().get(0).points())
                        .isEqualTo(1.5);
                await("worker w1", () -> view.workers().size() == 1);

                // 2. The late run appears after its game: the game is read again and counted.
                RunBoard.publish(kafka, topics, run("late", 2));
                await(
                        "the late run's game",
                        () ->
                                view.run("late") != null
                                        && view.run("late").results().games().size() == 1);

                // 3. A worker that stops deletes its record.
                send(p, topics.workers(), "w1", null);
                await("w1 gone", () -> view.workers().isEmpty());

                // 4. The broker goes away, and comes back.
                broker.stop();
                await(
                        "broker unreachable",
                        () ->
                                String.valueOf(view.brokerProblem())
                                        .startsWith("broker unreachable"));
                broker.start();
                await("broker back", () -> view.brokerProblem() == null);
                publish(p, topics, game("t", 2, 'W', 4));
                await("a game after the return", () -> view.run("t").results().games().size() == 3);
            }
        }
    }
}
