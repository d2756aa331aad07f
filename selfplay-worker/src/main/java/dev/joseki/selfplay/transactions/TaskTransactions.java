package dev.joseki.selfplay.transactions;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TransactionalIdNotFoundException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transactions of one {@code TaskSlot}: its producers, the commit of each task (records plus
 * the task's next offset), and their settlement. {@code TaskSlot} holds the exactly-once argument
 * for a killed worker; this class adds what makes a broker restart harmless (see {@link
 * OrphanedTransactions}):
 *
 * <ol start="5">
 *   <li>Every producer instance has a transactional id of its own (slot name + generation) and is
 *       retired at its first failure, never re-initialised: so no later transaction of its producer
 *       id can take over records that a lost marker left open.
 *   <li>A transaction is settled before the slot goes on: the coordinator must have completed it,
 *       and its producer id must have no open transaction left on the output (games, evals,
 *       dead-letter) and offsets partitions. Left-overs of a committed transaction are published
 *       again (the same records to the same partitions, the task offset too if its marker was lost)
 *       in a new transaction, then aborted; those of an aborted one are aborted, and the task is
 *       handed back to be played again.
 *   <li>The slot's consumer outlives producer failures, so its group membership can carry the
 *       offsets of such a re-publication.
 * </ol>
 *
 * Every record carries its producer's transactional id in the header {@value #TXN_HEADER}.
 */
public final class TaskTransactions implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TaskTransactions.class);

    /**
     * How long a completed commit may take to have all its markers written before the slot gives up
     * on it.
     */
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(60);

    static final String OFFSETS_TOPIC = "__consumer_offsets";
    static final String TXN_HEADER = "joseki.txn";

    /**
     * The client id prefix of the slots' consumers and transactional ids (recovery reads owners by
     * it).
     */
    public static final String ID_PREFIX = "joseki-selfplay-";

    /** What became of a task's transaction, once settled. */
    public interface Outcomes {
        /**
         * Committed for good (once per task), with the game (self-play, tournament or training) and
         * eval records it published.
         */
        void committed(ConsumerRecord<String, byte[]> task, long games, long evals);

        /** Aborted: the task must be played again. */
        void aborted(ConsumerRecord<String, byte[]> task);
    }

    private final KafkaSettings kafka;
    private final Topics topics;
    private final String slotName;
    private final BooleanSupplier stopping;
    private final Supplier<ConsumerGroupMetadata> group;
    private final Outcomes outcomes;

    private KafkaProducer<String, byte[]> producer;
    private TransactionAdmin admin;

    /** The current producer's transactional id; a new one per producer instance. */
    private String transactionalId;

    private int generation;

    /** The current producer's transaction until it is settled. */
    private InFlight inFlight;

    /**
     * The coordinator's producer epoch once the current producer's last transaction was settled.
     */
    private int settledEpoch = -1;

    /** Producers retired after a failure whose last transaction is not settled yet. */
    private final Deque<Retired> retired = new ArrayDeque<>();

    /**
     * A retired producer: its last transaction, if any, and the coordinator's producer epoch after
     * the transaction before it was settled (an unchanged epoch means the last one never reached
     * the coordinator).
     */
    private record Retired(String transactionalId, InFlight inFlight, int settledEpoch) {}

    /** A failed admin request: the producer is not at fault, so it is not retired for it. */
    public static final class AdminTrouble extends KafkaException {
        private static final long serialVersionUID = 1L;

        AdminTrouble(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * @param group the slot consumer's current group metadata (KIP-447: a zombie's offsets are
     *     rejected)
     */
    public TaskTransactions(
            KafkaSettings kafka,
            Topics topics,
            String slotName,
            BooleanSupplier stopping,
            Supplier<ConsumerGroupMetadata> group,
            Outcomes outcomes) {
        this.kafka = kafka;
        this.topics = topics;
        this.slotName = slotName;
        this.stopping = stopping;
        this.group = group;
        this.outcomes = outcomes;
    }

    public String transactionalId() {
        return transactionalId;
    }

    /** The admin client and a producer, if the last one was retired. */
    public void open() {
        if (admin == null) {
            admin = new TransactionAdmin(Admin.create(kafka.admin()), topics);
        }
        if (producer == null) {
            transactionalId = ID_PREFIX + slotName + "-" + generation++;
            Properties p = kafka.producer(transactionalId);
            // Only the commit window is transactional; a dead worker's open transaction blocks
            // readers until it times out, so keep the time-out short unless the user overrides it.
            p.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, "15000");
            p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
            producer = new KafkaProducer<>(p);
            settledEpoch = -1;
            producer.initTransactions();
            settledEpoch = admin.describe(transactionalId).epoch();
        }
    }

    /**
     * Settles what earlier failures left (a commit whose settling was cut short, retired
     * producers); false while the coordinator has not completed a retired producer's transaction
     * yet.
     */
    public boolean settle() {
        if (inFlight != null) {
            settleCommitted();
        }
        return settleRetired();
    }

    /** One task: its records and its next offset in one transaction, committed and settled. */
    public void publish(
            ConsumerRecord<String, byte[]> task, List<ProducerRecord<String, byte[]>> records) {
        sendAndCommit(new InFlight(task, records, true), true);
        settleCommitted();
    }

    /**
     * After a failure: aborts the transaction in hand if possible and retires the producer (rule
     * 5); its last transaction is settled by {@link #settle()} before the slot goes on.
     */
    public void retire(KafkaException cause) {
        if (producer == null) {
            return;
        }
        boolean fatal =
                cause instanceof ProducerFencedException
                        || cause instanceof OutOfOrderSequenceException
                        || cause instanceof AuthorizationException
                        || cause instanceof UnsupportedVersionException
                        || cause instanceof InvalidProducerEpochException;
        closeProducer(!fatal);
    }

    /**
     * One transaction: the records, the task's next offset when {@code withOffset}, commit. It
     * stays in {@link #inFlight} until settled (or retired with the producer on failure).
     */
    private void sendAndCommit(InFlight t, boolean withOffset) {
        inFlight = t;
        producer.beginTransaction();
        for (ProducerRecord<String, byte[]> pr : t.records()) {
            pr.headers()
                    .add(
                            TXN_HEADER,
                            transactionalId.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            t.sent().add(producer.send(pr));
        }
        if (withOffset) {
            ConsumerRecord<String, byte[]> r = t.task();
            producer.sendOffsetsToTransaction(
                    Map.of(
                            new TopicPartition(r.topic(), r.partition()),
                            new OffsetAndMetadata(r.offset() + 1)),
                    group.get());
        }
        // A commit that times out (broker restarting) may be retried; the outcome is decided once.
        for (int attempt = 1; ; attempt++) {
            try {
                producer.commitTransaction();
                return;
            } catch (TimeoutException e) {
                if (attempt >= 10 || stopping.getAsBoolean()) {
                    throw e;
                }
                LOG.warn("slot {}: commit timed out (attempt {}), retrying", slotName, attempt);
            }
        }
    }

    /** A task's transaction is committed for good: report it (once per task). */
    private void done(InFlight t) {
        if (t == null || !t.original()) {
            return;
        }
        long games =
                t.records().stream()
                        .filter(
                                p ->
                                        p.topic().equals(topics.games())
                                                || p.topic().equals(topics.trainGames()))
                        .count();
        long evals = t.records().stream().filter(p -> p.topic().equals(topics.evals())).count();
        outcomes.committed(t.task(), games, evals);
    }

    /**
     * Waits until the coordinator has completed the current producer's committed transaction, then
     * repairs what lost markers left open (rule 6): this producer is retired and a new one
     * publishes again.
     */
    private void settleCommitted() {
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        while (true) {
            var state = admin.describe(transactionalId);
            if (state.outcome() != OrphanedTransactions.Outcome.IN_PROGRESS) {
                List<OrphanedTransactions.Orphan> orphans = admin.orphans(state.producerId());
                if (orphans.isEmpty()) {
                    done(inFlight);
                    inFlight = null;
                    settledEpoch = state.epoch();
                    return;
                }
                InFlight t = inFlight;
                LOG.warn(
                        "slot {}: transaction of {} completed with markers missing on {};"
                                + " publishing again",
                        slotName,
                        transactionalId,
                        orphans.stream().map(OrphanedTransactions.Orphan::partition).toList());
                closeProducer(false);
                Retired self = retired.peekLast();
                repair(
                        state.outcome(),
                        t,
                        orphans); // on failure, settleRetired finishes the repair
                retired.remove(self);
                done(t);
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new KafkaException(
                        "transaction of "
                                + transactionalId
                                + " not completed after "
                                + SETTLE_TIMEOUT);
            }
            pause(20);
        }
    }

    /**
     * Settles the retired producers' last transactions (rule 6); false while the coordinator has
     * not completed one yet (a retired producer's open transaction ends with the transaction
     * time-out).
     */
    private boolean settleRetired() {
        while (!retired.isEmpty()) {
            Retired old = retired.peek();
            OrphanedTransactions.Outcome outcome;
            List<OrphanedTransactions.Orphan> orphans;
            try {
                var state = admin.describe(old.transactionalId());
                if (state.outcome() == OrphanedTransactions.Outcome.IN_PROGRESS) {
                    return false;
                }
                outcome = state.outcome();
                if (outcome == OrphanedTransactions.Outcome.COMMITTED
                        && state.epoch() == old.settledEpoch()) {
                    outcome =
                            OrphanedTransactions.Outcome
                                    .ABORTED; // the commit seen is the one before: settled
                }
                orphans = admin.orphans(state.producerId());
            } catch (TransactionalIdNotFoundException e) {
                retired.poll(); // never initialised: nothing was sent under it
                continue;
            }
            retired.poll();
            if (!orphans.isEmpty()) {
                LOG.warn(
                        "slot {}: {} transaction of retired {} left open on {}; repairing",
                        slotName,
                        outcome,
                        old.transactionalId(),
                        orphans.stream().map(OrphanedTransactions.Orphan::partition).toList());
                try {
                    repair(outcome, old.inFlight(), orphans);
                } catch (KafkaException e) {
                    retired.push(old); // try again after reconnecting
                    throw e;
                }
            }
            if (old.inFlight() != null && old.inFlight().original()) {
                if (outcome == OrphanedTransactions.Outcome.ABORTED) {
                    outcomes.aborted(old.inFlight().task());
                } else {
                    done(old.inFlight()); // committed although the client saw a failure
                }
            }
        }
        return true;
    }

    /**
     * Makes the orphans' outcome hold: committed records (and the task offset) are published again
     * by a fresh producer, then the orphans are aborted. Publishing first means a crash in between
     * leaves a duplicate that readers drop (they dedupe by game id), never a lost game.
     */
    private void repair(
            OrphanedTransactions.Outcome outcome,
            InFlight t,
            List<OrphanedTransactions.Orphan> orphans) {
        if (outcome == OrphanedTransactions.Outcome.COMMITTED) {
            if (t == null) {
                LOG.error(
                        "slot {}: committed records left open on {} but their task is not known;"
                                + " aborting them",
                        slotName,
                        orphans);
            } else if (!t.republished().get()) {
                republish(t, orphans);
            }
        }
        admin.abort(orphans);
    }

    private void republish(InFlight t, List<OrphanedTransactions.Orphan> orphans) {
        Set<TopicPartition> open = new HashSet<>();
        orphans.forEach(o -> open.add(o.partition()));
        boolean offsetOpen = open.stream().anyMatch(tp -> tp.topic().equals(OFFSETS_TOPIC));
        List<ProducerRecord<String, byte[]>> again = t.toRepublish(open);
        if (again.isEmpty() && !offsetOpen) {
            return;
        }
        open();
        sendAndCommit(new InFlight(t.task(), again, false), offsetOpen);
        t.republished().set(true); // committed: whatever happens next, never publish these again
        settleCommitted();
        LOG.info(
                "slot {}: published {} record(s) of task {}-{}@{} again{}",
                slotName,
                again.size(),
                t.task().topic(),
                t.task().partition(),
                t.task().offset(),
                offsetOpen ? " with its offset" : "");
    }

    private void closeProducer(boolean abort) {
        if (abort) {
            try {
                producer.abortTransaction();
            } catch (KafkaException | IllegalStateException e) {
                // no transaction in progress, or the producer is unusable: its transaction ends at
                // the coordinator
            }
        }
        producer.close(Duration.ofSeconds(5));
        producer = null;
        retired.add(new Retired(transactionalId, inFlight, settledEpoch));
        inFlight = null;
    }

    @Override
    public void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
            producer = null;
        }
        if (admin != null) {
            admin.close();
            admin = null;
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
