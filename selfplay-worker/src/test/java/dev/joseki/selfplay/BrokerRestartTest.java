package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The broker goes away three times in the middle of self-play (SIGTERM, SIGKILL, SIGTERM) and comes
 * back on the same ports with the same data. Games last milliseconds, so commits run back to back
 * and each restart lands inside or right next to one: where a lost marker would leave records open
 * (see {@link OrphanedTransactions}). The workers carry on by themselves, and the games topic (read
 * committed) ends with every game id exactly once, each a complete legal game, and no open
 * transaction left.
 */
class BrokerRestartTest {
    private static final int GAMES = 160;

    @Test
    void restartsInsideCommitsLoseNoGameAndDuplicateNone() throws Exception {
        // A broker of its own: the shared test broker holds every earlier test's topics by then
        // (thousands of partitions), which made each of its restarts take 40-70 s, and one that
        // overran the broker's 90 s start limit took the broker from every test after it.
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
            Topics topics = Topics.withPrefix("restart");
            topics.ensure(kafka);
            SelfPlayRun run = TestEngines.quickCommitRun("restart-run", GAMES, 7);

            Worker.Config cfg =
                    new Worker.Config(kafka, topics, "restart-group", 2, "restart-worker");
            try (Worker worker = new Worker(cfg, PlayerFactory.standard())) {
                worker.start();
                assertThat(
                                SelfPlayRun.awaitWorkers(
                                        kafka, topics, "restart-group", 2, Duration.ofSeconds(180)))
                        .isTrue();
                run.publish(kafka, topics, "restart-group");
                List<String> restarts =
                        BrokerStrikes.strikeThrice(broker, worker::gamesPublished, "games");
                assertThat(worker.gamesPublished())
                        .as("the restarts must land mid-run: " + restarts)
                        .isLessThan(GAMES);

                TopicsForTest.awaitGames(kafka, topics, GAMES, Duration.ofSeconds(240));
                Thread.sleep(2000); // a duplicate committed late would show up here
                List<GameRecord> all = SelfPlayRun.readAll(kafka, topics);
                Set<String> ids =
                        all.stream().map(GameRecord::getGameId).collect(Collectors.toSet());
                Set<String> expected = new TreeSet<>();
                for (int t = 0; t < GAMES / 2; t++) {
                    expected.add("restart-run-" + t + "/0");
                    expected.add("restart-run-" + t + "/1");
                }
                assertThat(ids).as("restarts " + restarts).isEqualTo(expected);
                assertThat(all).as("each game exactly once; restarts " + restarts).hasSize(GAMES);
                for (GameRecord g : all) {
                    assertThat(GameRecords.replay(g).isOver())
                            .as(g.getGameId() + " is complete")
                            .isTrue();
                }
                assertThat(worker.gamesPublished()).isEqualTo(GAMES);
                // Nothing left open: the last stable offset of every games partition is its end.
                assertThat(lastStableOffsets(kafka, topics)).isEqualTo(endOffsets(kafka, topics));
            }
        }
    }

    private static Map<TopicPartition, Long> lastStableOffsets(KafkaSettings kafka, Topics topics) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            return c.endOffsets(partitions(topics));
        }
    }

    private static Map<TopicPartition, Long> endOffsets(KafkaSettings kafka, Topics topics) {
        var props = kafka.consumer(null);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(props)) {
            return c.endOffsets(partitions(topics));
        }
    }

    private static List<TopicPartition> partitions(Topics topics) {
        List<TopicPartition> parts = new ArrayList<>();
        for (int p = 0; p < topics.gamePartitions(); p++) {
            parts.add(new TopicPartition(topics.games(), p));
        }
        return parts;
    }
}
