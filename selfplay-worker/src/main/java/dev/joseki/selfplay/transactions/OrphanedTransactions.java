package dev.joseki.selfplay.transactions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeProducersResult.PartitionProducerState;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TransactionalIdNotFoundException;

/**
 * Transactions that the coordinator completed without writing their markers to some partitions.
 *
 * <p>Why they exist: when the transaction coordinator sends markers and finds no leader for a
 * partition in its metadata cache, it takes the partition for deleted, drops it from the
 * transaction and completes the transaction anyway (Kafka's {@code
 * TransactionMarkerChannelManager}: "Couldn't find leader endpoint for partitions … likely deleted
 * already and hence can be skipped"). In KRaft a partition whose only replica is fenced has leader
 * -1, which that cache reports exactly as it reports a deleted partition. A single-broker cluster
 * has that for every partition at each shutdown and restart, while its coordinator is still (or
 * already) completing transactions. The records then stay in an open transaction of the producer id
 * on that partition: the last stable offset stops there, and the next transaction of the same
 * producer id that touches the partition takes them over. A committed game can thus be aborted with
 * a later transaction (lost), an aborted one committed with a later one (published twice), and an
 * aborted task offset committed with a later one (a task skipped).
 *
 * <p>The remedy ({@code TaskSlot} applies it): a producer id is used until its first failure only,
 * so nothing is ever taken over; after each transaction the slot waits until the coordinator has
 * completed it and then looks for open transactions of its producer id (this class). What the
 * coordinator says about its last transaction is the outcome of those records: committed ones are
 * published again in a new transaction, then the orphans are aborted ({@code
 * Admin.abortTransaction}, KIP-664).
 */
final class OrphanedTransactions {
    private static final long TIMEOUT_S = 10;

    /** The coordinator's view of a transactional id's last transaction. */
    enum Outcome {
        COMMITTED,
        ABORTED,
        IN_PROGRESS
    }

    /** An open transaction of a producer id on one partition. */
    record Orphan(
            TopicPartition partition,
            long producerId,
            int producerEpoch,
            int coordinatorEpoch,
            long firstOffset,
            long lastWriteMs) {}

    private OrphanedTransactions() {}

    /**
     * The outcome of a transaction in state {@code s}: {@code COMMITTED} or {@code ABORTED} once
     * the coordinator completed it (an id that never began one counts as aborted: nothing of it can
     * be committed), {@code IN_PROGRESS} while it is open or its markers are being written.
     */
    static Outcome outcome(TransactionState s) {
        return switch (s) {
            case COMPLETE_COMMIT -> Outcome.COMMITTED;
            case COMPLETE_ABORT, EMPTY -> Outcome.ABORTED;
            default -> Outcome.IN_PROGRESS;
        };
    }

    /** Every partition of {@code topics}. */
    static List<TopicPartition> partitions(Admin admin, Collection<String> topics)
            throws ExecutionException, InterruptedException, TimeoutException {
        List<TopicPartition> out = new ArrayList<>();
        for (TopicDescription d :
                admin.describeTopics(topics)
                        .allTopicNames()
                        .get(TIMEOUT_S, TimeUnit.SECONDS)
                        .values()) {
            d.partitions().forEach(p -> out.add(new TopicPartition(d.name(), p.partition())));
        }
        return out;
    }

    /** Open transactions of {@code producerId} on {@code partitions}. */
    static List<Orphan> openTransactions(
            Admin admin, Collection<TopicPartition> partitions, long producerId)
            throws ExecutionException, InterruptedException, TimeoutException {
        return openTransactions(admin, partitions).stream()
                .filter(o -> o.producerId() == producerId)
                .toList();
    }

    /** Open transactions of any producer on {@code partitions}. */
    static List<Orphan> openTransactions(Admin admin, Collection<TopicPartition> partitions)
            throws ExecutionException, InterruptedException, TimeoutException {
        Map<TopicPartition, PartitionProducerState> states =
                admin.describeProducers(partitions).all().get(TIMEOUT_S, TimeUnit.SECONDS);
        List<Orphan> open = new ArrayList<>();
        for (Map.Entry<TopicPartition, PartitionProducerState> e : states.entrySet()) {
            for (ProducerState p : e.getValue().activeProducers()) {
                if (p.currentTransactionStartOffset().isPresent()) {
                    open.add(
                            new Orphan(
                                    e.getKey(),
                                    p.producerId(),
                                    p.producerEpoch(),
                                    p.coordinatorEpoch().orElse(-1),
                                    p.currentTransactionStartOffset().getAsLong(),
                                    p.lastTimestamp()));
                }
            }
        }
        return open;
    }

    /**
     * Writes an abort marker for each orphan (only for transactions the coordinator has completed).
     */
    static void abort(Admin admin, List<Orphan> orphans)
            throws ExecutionException, InterruptedException, TimeoutException {
        for (Orphan o : orphans) {
            admin.abortTransaction(
                            new AbortTransactionSpec(
                                    o.partition(),
                                    o.producerId(),
                                    (short) o.producerEpoch(),
                                    o.coordinatorEpoch()))
                    .all()
                    .get(TIMEOUT_S, TimeUnit.SECONDS);
        }
    }

    /**
     * The coordinator's state of {@code transactionalId}; TransactionalIdNotFoundException if it
     * has none.
     */
    static TransactionDescription describe(Admin admin, String transactionalId)
            throws ExecutionException, InterruptedException, TimeoutException {
        TransactionDescription d =
                admin.describeTransactions(List.of(transactionalId))
                        .all()
                        .get(TIMEOUT_S, TimeUnit.SECONDS)
                        .get(transactionalId);
        if (d == null) {
            throw new TransactionalIdNotFoundException(
                    "no transaction state for " + transactionalId);
        }
        return d;
    }
}
