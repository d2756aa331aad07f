package dev.joseki.selfplay;

import dev.joseki.infra.KafkaSettings;
import dev.joseki.infra.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeProducersResult.PartitionProducerState;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds and aborts hanging transactions on the games and dead-letter topics.
 *
 * <p>Why: when the broker goes down between a worker's produce and its commit, the records can reach a
 * partition while the transaction coordinator never learns that the partition joined the transaction.
 * The coordinator then times the transaction out without writing an abort marker there, and that
 * partition's last stable offset stays behind the open records for ever: read-committed consumers (the
 * book builder, {@code selfplay --wait}) stop seeing every later game on it. This is the "hanging
 * transaction" of KIP-664, and {@code Admin.abortTransaction} is its remedy.
 *
 * <p>Safety: a worker's transaction lives only for the commit window (well under a second; games are
 * played before {@code beginTransaction}), and the producer's transaction time-out is 15 s. A transaction
 * still open after {@link #STALE} cannot belong to a live commit, so aborting it loses nothing; the task
 * it carried was never committed and is replayed by the consumer group.
 */
final class HangingTransactions {
    private static final Logger LOG = LoggerFactory.getLogger(HangingTransactions.class);
    /** Open longer than this (four transaction time-outs) means hanging. */
    static final Duration STALE = Duration.ofSeconds(60);

    private HangingTransactions() {
    }

    /** Aborts every hanging transaction found; returns how many. Never throws: it runs in the background. */
    static int sweep(KafkaSettings kafka, Topics topics) {
        return sweep(kafka, topics, STALE);
    }

    /** As {@link #sweep(KafkaSettings, Topics)} with another staleness bound (tests). */
    static int sweep(KafkaSettings kafka, Topics topics, Duration stale) {
        try (Admin admin = Admin.create(kafka.admin())) {
            List<TopicPartition> parts = new ArrayList<>();
            for (String topic : List.of(topics.games(), topics.deadLetter())) {
                admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS).get(topic)
                        .partitions().forEach(p -> parts.add(new TopicPartition(topic, p.partition())));
            }
            Map<TopicPartition, PartitionProducerState> states =
                    admin.describeProducers(parts).all().get(10, TimeUnit.SECONDS);
            long now = System.currentTimeMillis();
            int aborted = 0;
            for (Map.Entry<TopicPartition, PartitionProducerState> e : states.entrySet()) {
                for (ProducerState p : e.getValue().activeProducers()) {
                    if (p.currentTransactionStartOffset().isEmpty() || now - p.lastTimestamp() < stale.toMillis()) {
                        continue;
                    }
                    LOG.warn("aborting a hanging transaction on {} (producer {}, epoch {}, open since offset {})",
                            e.getKey(), p.producerId(), p.producerEpoch(), p.currentTransactionStartOffset().getAsLong());
                    admin.abortTransaction(new AbortTransactionSpec(e.getKey(), p.producerId(), (short) p.producerEpoch(),
                            p.coordinatorEpoch().orElse(-1))).all().get(10, TimeUnit.SECONDS);
                    aborted++;
                }
            }
            return aborted;
        } catch (ExecutionException | java.util.concurrent.TimeoutException | KafkaException e) {
            LOG.debug("hanging-transaction sweep skipped: {}", e.toString());
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}
