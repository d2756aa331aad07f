package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The games topic as runs and tools read it: records parsed as the workers wrote them, and the
 * whole topic from its start to where it ends now ({@link TopicScan}, read_committed). One reader
 * for saving a run, loading one, and counting games.
 */
final class GameTopic {
    private GameTopic() {}

    /**
     * Hands every record on the games topic now that parses as a {@link GameRecord} to {@code
     * each}, in partition order. Records that do not parse are another writer's and are passed
     * over.
     */
    static void scan(KafkaSettings kafka, Topics topics, Consumer<GameRecord> each) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            List<TopicPartition> parts = TopicScan.partitions(c.partitionsFor(topics.games()));
            TopicScan.assignFromStart(c, parts);
            TopicScan.toEnd(
                    c,
                    parts,
                    null,
                    r -> {
                        try {
                            each.accept(GameRecord.parseFrom(r.value()));
                        } catch (InvalidProtocolBufferException e) {
                            // not a game record: nothing to keep or to compare with
                        }
                    });
        }
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
