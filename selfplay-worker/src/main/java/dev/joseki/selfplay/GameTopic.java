package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The games topic as runs and tools read it: records parsed as the workers wrote them, and the
 * whole topic from its start to where it ends now ({@link TopicScan}, read_committed). One reader
 * for saving a run, loading one, counting games, and waiting for a run's games (self-play and
 * training runs alike, each on its own games topic).
 */
final class GameTopic {
    private GameTopic() {}

    /**
     * Hands every record on the games topic now that parses as a {@link GameRecord} to {@code
     * each}, in partition order. Records that do not parse are another writer's and are passed
     * over.
     */
    static void scan(KafkaSettings kafka, Topics topics, Consumer<GameRecord> each) {
        TopicScan.all(
                kafka,
                topics.games(),
                r -> {
                    try {
                        each.accept(GameRecord.parseFrom(r.value()));
                    } catch (InvalidProtocolBufferException e) {
                        // not a game record: nothing to keep or to compare with
                    }
                });
    }

    /** Where each partition of {@code topic} ends now: a run started after reads from there. */
    static Map<TopicPartition, Long> end(KafkaSettings kafka, String topic) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            return new HashMap<>(c.endOffsets(TopicScan.partitions(c.partitionsFor(topic))));
        }
    }

    /**
     * Reads the committed games of run {@code runId} (keys {@code runId-...}) on {@code topic}
     * after {@code from} until {@code wanted} distinct ids have arrived or {@code timeout} passes;
     * reports the count so far to {@code progress}. After each poll asks {@code stalled} whether
     * games can still arrive: when it names why not, the wait ends with a {@link
     * StalledRunException} saying so and how many games arrived. Keyed by game id.
     */
    static Map<String, GameRecord> await(
            KafkaSettings kafka,
            String topic,
            String runId,
            int wanted,
            Map<TopicPartition, Long> from,
            IntConsumer progress,
            Duration timeout,
            Supplier<String> stalled) {
        Map<String, GameRecord> games = new LinkedHashMap<>();
        String prefix = runId + "-";
        long deadline = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            List<TopicPartition> parts = TopicScan.partitions(c.partitionsFor(topic));
            c.assign(parts);
            for (TopicPartition tp : parts) {
                c.seek(tp, from.getOrDefault(tp, 0L));
            }
            while (games.size() < wanted && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> r : c.poll(Duration.ofMillis(500))) {
                    if (r.key() != null && r.key().startsWith(prefix)) {
                        games.put(r.key(), parse(r));
                    }
                }
                progress.accept(games.size());
                String why = games.size() < wanted ? stalled.get() : null;
                if (why != null) {
                    throw new StalledRunException(
                            "run "
                                    + runId
                                    + ": "
                                    + games.size()
                                    + " of "
                                    + wanted
                                    + " games arrived, and no more will: "
                                    + why);
                }
            }
        }
        return games;
    }

    /**
     * The game of a record a run's own worker wrote, which must parse; one that does not is named
     * by its key and place.
     */
    static GameRecord parse(ConsumerRecord<String, byte[]> r) {
        try {
            return GameRecord.parseFrom(r.value());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(
                    "bad game record "
                            + r.key()
                            + " at "
                            + r.topic()
                            + "-"
                            + r.partition()
                            + "@"
                            + r.offset(),
                    e);
        }
    }
}
