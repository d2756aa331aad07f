package dev.joseki.selfplay.transactions;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * A transaction of {@link TaskTransactions}: the task, what was sent for it, and the send results
 * (partitions). {@code original} is false for a re-publication, whose task is done whatever becomes
 * of it (never replayed).
 */
record InFlight(
        ConsumerRecord<String, byte[]> task,
        List<ProducerRecord<String, byte[]>> records,
        List<Future<RecordMetadata>> sent,
        boolean original,
        AtomicBoolean republished) {
    InFlight(
            ConsumerRecord<String, byte[]> task,
            List<ProducerRecord<String, byte[]>> records,
            boolean original) {
        this(task, records, new ArrayList<>(), original, new AtomicBoolean());
    }

    /**
     * The records to publish again because their partition is among {@code open} (or their send
     * never completed): to the same partition as the first time, so a reader keyed by partition
     * sees one place per game. Headers of a sent record are read-only: they are copied, less the
     * old transactional id ({@value TaskTransactions#TXN_HEADER}).
     */
    List<ProducerRecord<String, byte[]>> toRepublish(Set<TopicPartition> open) {
        List<ProducerRecord<String, byte[]>> again = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            ProducerRecord<String, byte[]> pr = records.get(i);
            RecordMetadata m = sentTo(i);
            if (m == null || open.contains(new TopicPartition(m.topic(), m.partition()))) {
                RecordHeaders headers = new RecordHeaders();
                pr.headers()
                        .forEach(
                                h -> {
                                    if (!h.key().equals(TaskTransactions.TXN_HEADER)) {
                                        headers.add(h);
                                    }
                                });
                again.add(
                        new ProducerRecord<>(
                                pr.topic(),
                                m == null ? null : m.partition(),
                                pr.key(),
                                pr.value(),
                                headers));
            }
        }
        return again;
    }

    /** Where record i went, or null if its send did not complete. */
    private RecordMetadata sentTo(int i) {
        if (i >= sent.size() || !sent.get(i).isDone()) {
            return null;
        }
        try {
            return sent.get(i).get();
        } catch (ExecutionException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
