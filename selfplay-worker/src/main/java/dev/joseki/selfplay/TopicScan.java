package dev.joseki.selfplay;

import dev.joseki.kafka.KafkaSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * Reading a topic up to where it ends now: what a run does to learn what is already there (games an
 * earlier run played, tasks still queued, retired runs, every record for a tool). The end offsets
 * are taken once, before reading; with the project's read_committed consumers they are the last
 * stable offsets, so a transaction left open cannot keep a scan from finishing. A poll may also
 * hand over a few records that arrived during the scan; they are passed on too, since a caller that
 * goes on with the same consumer would never see them again.
 */
final class TopicScan {
    private static final Duration POLL = Duration.ofMillis(200);

    private TopicScan() {}

    /** The topic partitions the broker lists. */
    static List<TopicPartition> partitions(List<PartitionInfo> infos) {
        List<TopicPartition> parts = new ArrayList<>();
        for (PartitionInfo pi : infos) {
            parts.add(new TopicPartition(pi.topic(), pi.partition()));
        }
        return parts;
    }

    /** Assigns {@code parts} to {@code c}, each at its beginning (a caller may seek on). */
    static void assignFromStart(KafkaConsumer<String, byte[]> c, List<TopicPartition> parts) {
        c.assign(parts);
        c.seekToBeginning(parts);
    }

    /**
     * Hands every committed record on {@code topic} now to {@code each}, in partition order, with a
     * consumer of its own.
     */
    static void all(
            KafkaSettings kafka, String topic, Consumer<ConsumerRecord<String, byte[]>> each) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            List<TopicPartition> parts = partitions(c.partitionsFor(topic));
            assignFromStart(c, parts);
            toEnd(c, parts, null, each);
        }
    }

    /**
     * Hands every record from {@code c}'s positions on {@code parts} up to (at least) the end
     * offsets they have now to {@code each}; true when the end was reached, false when {@code
     * limit} (null: none) ran out first.
     */
    static boolean toEnd(
            KafkaConsumer<String, byte[]> c,
            List<TopicPartition> parts,
            Duration limit,
            Consumer<ConsumerRecord<String, byte[]>> each) {
        Map<TopicPartition, Long> end =
                limit == null ? c.endOffsets(parts) : c.endOffsets(parts, limit);
        long deadline = limit == null ? 0 : System.nanoTime() + limit.toNanos();
        while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
            if (limit != null && System.nanoTime() - deadline > 0) {
                return false;
            }
            for (ConsumerRecord<String, byte[]> r : c.poll(POLL)) {
                each.accept(r);
            }
        }
        return true;
    }
}
