package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.play.Player;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.SelfPlayTask;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
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
 * One unit of a worker's concurrency: a consumer in the workers' group plus a transactional producer.
 *
 * <p>Exactly-once, and why it survives SIGKILL at any instant:
 * <ol>
 * <li>The slot takes one task at a time (max.poll.records=1) and plays all its games in memory; nothing
 *     is sent while games are played.</li>
 * <li>Then, in one transaction: every GameRecord of the task (keyed by its stable game id), or the
 *     dead-letter record, plus the task's next offset via {@code sendOffsetsToTransaction} with the
 *     consumer's group metadata; then commit. Records and offset become visible together or not at all.</li>
 * <li>Killed before the commit: the transaction is aborted (fenced by the next producer with this
 *     transactional id, or by the transaction time-out), the offset was not committed, so the task is
 *     redelivered to a live slot and replayed; readers use read_committed and never see the aborted
 *     records. Killed after the commit: the offset moved on, so the task is not replayed.</li>
 * <li>A slot that was presumed dead (lost its partitions) but wakes up cannot commit: the group metadata
 *     in the transaction no longer matches the group's, so the broker rejects the offsets and the
 *     transaction aborts (KIP-447 zombie fencing).</li>
 * </ol>
 * Per-task transactions (rather than per-game) keep the open-transaction window to milliseconds after
 * minutes of play, so a killed worker almost never leaves a transaction that blocks readers' last stable
 * offset; small tasks (a colour-swapped pair) bound the work redone after a kill.
 *
 * <p>A broker that restarts can complete a transaction without writing all its markers (see
 * {@link OrphanedTransactions}). Three more rules make that harmless:
 * <ol start="5">
 * <li>Every producer instance has a transactional id of its own (slot name + generation) and is retired
 *     at its first failure, never re-initialised: so no later transaction of its producer id can take
 *     over records that a lost marker left open.</li>
 * <li>A transaction is settled before the slot goes on: the coordinator must have completed it, and its
 *     producer id must have no open transaction left on the games, dead-letter and offsets partitions.
 *     Left-overs of a committed transaction are published again (the same records to the same
 *     partitions, the task offset too if its marker was lost) in a new transaction, then aborted; those of
 *     an aborted one are aborted, and the slot rewinds to the task to play it again.</li>
 * <li>The consumer outlives producer failures, so its group membership can carry the offsets of such a
 *     re-publication; after an abort it seeks back to the task in hand.</li>
 * </ol>
 */
final class TaskSlot {
    private static final Logger LOG = LoggerFactory.getLogger(TaskSlot.class);
    private static final Duration POLL = Duration.ofMillis(500);

    private final Worker.Config config;
    private final String name;
    private final PlayerFactory players;
    private final TaskGames runner;
    private final BooleanSupplier stopping;
    private final AtomicLong gamesPublished;
    /** How long a completed commit may take to have all its markers written before the slot gives up on it. */
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(60);

    private KafkaConsumer<String, byte[]> consumer;
    private KafkaProducer<String, byte[]> producer;
    private Admin admin;
    /** The current producer's transactional id; a new one per producer instance. */
    private String transactionalId;
    private int generation;
    /** The current producer's transaction until it is settled. */
    private InFlight inFlight;
    /** The coordinator's producer epoch once the current producer's last transaction was settled. */
    private int settledEpoch = -1;
    /** Producers retired after a failure whose last transaction is not settled yet. */
    private final Deque<Retired> retired = new ArrayDeque<>();
    /** Where a producer id can leave open transactions: games, dead-letter and group offsets partitions. */
    private List<TopicPartition> watched;

    /**
     * A transaction: the task, what was sent for it, and the send results (partitions). {@code original}
     * is false for a re-publication, whose task is done whatever becomes of it (never replayed).
     */
    private record InFlight(ConsumerRecord<String, byte[]> task, List<ProducerRecord<String, byte[]>> records,
            List<Future<RecordMetadata>> sent, boolean original, AtomicBoolean republished) {
        InFlight(ConsumerRecord<String, byte[]> task, List<ProducerRecord<String, byte[]>> records, boolean original) {
            this(task, records, new ArrayList<>(), original, new AtomicBoolean());
        }
    }

    /**
     * A retired producer: its last transaction, if any, and the coordinator's producer epoch after the
     * transaction before it was settled (an unchanged epoch means the last one never reached the coordinator).
     */
    private record Retired(String transactionalId, InFlight inFlight, int settledEpoch) {
    }

    TaskSlot(Worker.Config config, int index, PlayerFactory players, TaskGames runner, BooleanSupplier stopping,
            AtomicLong gamesPublished) {
        this.config = config;
        this.name = config.workerId() + "-" + index;
        this.players = players;
        this.runner = runner;
        this.stopping = stopping;
        this.gamesPublished = gamesPublished;
    }

    String name() {
        return name;
    }

    void run() {
        try {
            while (!stopping.getAsBoolean()) {
                try {
                    connect();
                    if (inFlight != null) {
                        settleCommitted(); // its settling was cut short by an admin request failure
                    }
                    if (!settleRetired()) {
                        pause(500); // the coordinator has not completed a retired producer's transaction yet
                        continue;
                    }
                    for (ConsumerRecord<String, byte[]> r : consumer.poll(POLL)) {
                        List<ProducerRecord<String, byte[]>> out = process(r);
                        if (out == null) {
                            // Stopping: the task stays uncommitted and goes to another worker.
                            LOG.info("slot {}: abandoned the task at {}-{}@{}", name, r.topic(), r.partition(), r.offset());
                            return;
                        }
                        commit(r, out);
                    }
                } catch (AdminTrouble e) {
                    // The producer is fine; what is unsettled stays so and is settled on the next round.
                    LOG.warn("slot {}: {}; retrying", name, e.toString());
                    pause(1000);
                } catch (KafkaException e) {
                    // Broker down, rebalance, fencing…: retire the producer; settleRetired then learns from
                    // the coordinator what became of its transaction, so the task in hand is replayed (seek
                    // back) or counted as done, never lost and never published twice.
                    LOG.warn("slot {}: {}; retiring producer {}", name, e.toString(), transactionalId);
                    retireProducer(e);
                    if (e instanceof CommitFailedException) {
                        rejoinGroup();
                    }
                    pause(1000);
                }
            }
        } finally {
            close();
        }
    }

    private void connect() {
        if (admin == null) {
            admin = Admin.create(config.kafka().admin());
        }
        if (producer == null) {
            transactionalId = "joseki-selfplay-" + name + "-" + generation++;
            Properties p = config.kafka().producer(transactionalId);
            // Only the commit window is transactional; a dead worker's open transaction blocks readers
            // until it times out, so keep the time-out short unless the user overrides it.
            p.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, "15000");
            p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
            producer = new KafkaProducer<>(p);
            settledEpoch = -1;
            producer.initTransactions();
            settledEpoch = describe(transactionalId).epoch();
        }
        if (consumer == null) {
            Properties c = config.kafka().consumer(config.groupId());
            c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "1");
            // A task's games are played between two polls.
            c.putIfAbsent(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, String.valueOf(Duration.ofHours(1).toMillis()));
            c.putIfAbsent(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
            c.put(ConsumerConfig.CLIENT_ID_CONFIG, "joseki-selfplay-" + name);
            consumer = new KafkaConsumer<>(c);
            consumer.subscribe(List.of(config.topics().tasks()), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> parts) {
                    LOG.debug("slot {}: revoked {}", name, parts);
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> parts) {
                    LOG.info("slot {}: assigned {} more task partition(s)", name, parts.size());
                }
            });
        }
    }

    /** The records to publish for a task, or null when the slot is stopping and abandoned it. */
    private List<ProducerRecord<String, byte[]>> process(ConsumerRecord<String, byte[]> r) {
        SelfPlayTask task;
        try {
            task = SelfPlayTask.parseFrom(r.value() == null ? new byte[0] : r.value());
        } catch (InvalidProtocolBufferException e) {
            return deadLetter(r, "not a SelfPlayTask: " + e.getMessage());
        }
        String problem = TaskValidator.problem(task, players.builtinAvailable());
        if (problem != null) {
            return deadLetter(r, problem);
        }
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        LOG.info("slot {}: playing task {} ({}-{}@{})", name, task.getTaskId(), r.topic(), r.partition(), r.offset());
        try (Player a = players.create(TaskPlayers.spec(task, task.getBlack()), stopping);
                Player b = players.create(TaskPlayers.spec(task, task.getWhite()), stopping)) {
            int n = TaskValidator.gameCount(task);
            for (int i = 0; i < n; i++) {
                // The second game of a colour-swapped pair swaps the seats.
                boolean swap = task.getCountCase() == SelfPlayTask.CountCase.COLOR_SWAPPED_PAIR && i == 1;
                TaskGames.Seat black = swap ? new TaskGames.Seat(b, task.getWhite()) : new TaskGames.Seat(a, task.getBlack());
                TaskGames.Seat white = swap ? new TaskGames.Seat(a, task.getBlack()) : new TaskGames.Seat(b, task.getWhite());
                GameRecord g = runner.play(task, i, black, white, stopping);
                if (g == null) {
                    return null;
                }
                out.add(new ProducerRecord<>(config.topics().games(), g.getGameId(), g.toByteArray()));
            }
        } catch (RuntimeException e) {
            // A fault while playing (a bug, an engine wrapper failure) must not kill the worker or loop
            // forever on one task: park the task with the reason.
            LOG.error("slot {}: task {} failed", name, task.getTaskId(), e);
            return deadLetter(r, "worker error: " + e);
        }
        return out;
    }

    private List<ProducerRecord<String, byte[]>> deadLetter(ConsumerRecord<String, byte[]> r, String reason) {
        LOG.warn("slot {}: task at {}-{}@{} to the dead-letter topic: {}", name, r.topic(), r.partition(), r.offset(), reason);
        ProducerRecord<String, byte[]> dl = new ProducerRecord<>(config.topics().deadLetter(), r.key(), r.value());
        dl.headers().add("joseki.error", reason.getBytes(StandardCharsets.UTF_8));
        dl.headers().add("joseki.source", (r.topic() + "-" + r.partition() + "@" + r.offset()).getBytes(StandardCharsets.UTF_8));
        dl.headers().add("joseki.worker", config.workerId().getBytes(StandardCharsets.UTF_8));
        return List.of(dl);
    }

    private void commit(ConsumerRecord<String, byte[]> r, List<ProducerRecord<String, byte[]>> out) {
        LOG.info("slot {}: committing task at {}-{}@{}", name, r.topic(), r.partition(), r.offset());
        sendAndCommit(new InFlight(r, out, true), true);
        settleCommitted();
    }

    /**
     * One transaction: the records, the task's next offset when {@code withOffset}, commit. It stays in
     * {@link #inFlight} until settled (or retired with the producer on failure).
     */
    private void sendAndCommit(InFlight t, boolean withOffset) {
        inFlight = t;
        producer.beginTransaction();
        for (ProducerRecord<String, byte[]> pr : t.records()) {
            t.sent().add(producer.send(pr));
        }
        if (withOffset) {
            ConsumerRecord<String, byte[]> r = t.task();
            producer.sendOffsetsToTransaction(
                    Map.of(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1)),
                    consumer.groupMetadata());
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
                LOG.warn("slot {}: commit timed out (attempt {}), retrying", name, attempt);
            }
        }
    }

    /** A task's transaction is committed for good: count and log it (once per task). */
    private void done(InFlight t) {
        if (t == null || !t.original()) {
            return;
        }
        ConsumerRecord<String, byte[]> r = t.task();
        long games = t.records().stream().filter(p -> p.topic().equals(config.topics().games())).count();
        gamesPublished.addAndGet(games);
        LOG.info("slot {}: task at {}-{}@{} committed ({} games)", name, r.topic(), r.partition(), r.offset(), games);
    }

    /**
     * Waits until the coordinator has completed the current producer's committed transaction, then repairs
     * what lost markers left open (rule 6): this producer is retired and a new one publishes again.
     */
    private void settleCommitted() {
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        while (true) {
            var state = describe(transactionalId);
            if (state.outcome() != OrphanedTransactions.Outcome.IN_PROGRESS) {
                List<OrphanedTransactions.Orphan> orphans = orphans(state.producerId());
                if (orphans.isEmpty()) {
                    done(inFlight);
                    inFlight = null;
                    settledEpoch = state.epoch();
                    return;
                }
                InFlight t = inFlight;
                LOG.warn("slot {}: transaction of {} completed with markers missing on {}; publishing again",
                        name, transactionalId, orphans.stream().map(OrphanedTransactions.Orphan::partition).toList());
                closeProducer(false);
                Retired self = retired.peekLast();
                repair(state.outcome(), t, orphans); // on failure, settleRetired finishes the repair
                retired.remove(self);
                done(t);
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new KafkaException("transaction of " + transactionalId + " not completed after " + SETTLE_TIMEOUT);
            }
            pause(20);
        }
    }

    /**
     * Settles the retired producers' last transactions (rule 6); false while the coordinator has not
     * completed one yet (a retired producer's open transaction ends with the transaction time-out).
     */
    private boolean settleRetired() {
        while (!retired.isEmpty()) {
            Retired old = retired.peek();
            OrphanedTransactions.Outcome outcome;
            List<OrphanedTransactions.Orphan> orphans;
            try {
                var state = describe(old.transactionalId());
                if (state.outcome() == OrphanedTransactions.Outcome.IN_PROGRESS) {
                    return false;
                }
                outcome = state.outcome();
                if (outcome == OrphanedTransactions.Outcome.COMMITTED && state.epoch() == old.settledEpoch()) {
                    outcome = OrphanedTransactions.Outcome.ABORTED; // the commit seen is the one before: settled
                }
                orphans = orphans(state.producerId());
            } catch (TransactionalIdNotFoundException e) {
                retired.poll(); // never initialised: nothing was sent under it
                continue;
            }
            retired.poll();
            if (!orphans.isEmpty()) {
                LOG.warn("slot {}: {} transaction of retired {} left open on {}; repairing", name, outcome,
                        old.transactionalId(), orphans.stream().map(OrphanedTransactions.Orphan::partition).toList());
                try {
                    repair(outcome, old.inFlight(), orphans);
                } catch (KafkaException e) {
                    retired.push(old); // try again after reconnecting
                    throw e;
                }
            }
            if (old.inFlight() != null && old.inFlight().original()) {
                if (outcome == OrphanedTransactions.Outcome.ABORTED) {
                    rewind(old.inFlight().task());
                } else {
                    done(old.inFlight()); // committed although the client saw a failure
                }
            }
        }
        return true;
    }

    /**
     * Makes the orphans' outcome hold: committed records (and the task offset) are published again by a
     * fresh producer, then the orphans are aborted. Publishing first means a crash in between leaves a
     * duplicate that readers drop (they dedupe by game id), never a lost game.
     */
    private void repair(OrphanedTransactions.Outcome outcome, InFlight t, List<OrphanedTransactions.Orphan> orphans) {
        if (outcome == OrphanedTransactions.Outcome.COMMITTED) {
            if (t == null) {
                LOG.error("slot {}: committed records left open on {} but their task is not known; aborting them", name, orphans);
            } else if (!t.republished().get()) {
                republish(t, orphans);
            }
        }
        call(() -> {
            OrphanedTransactions.abort(admin, orphans);
            return null;
        });
    }

    private void republish(InFlight t, List<OrphanedTransactions.Orphan> orphans) {
        Set<TopicPartition> open = new HashSet<>();
        orphans.forEach(o -> open.add(o.partition()));
        boolean offsetOpen = open.stream().anyMatch(tp -> tp.topic().equals(OFFSETS_TOPIC));
        List<ProducerRecord<String, byte[]>> again = new ArrayList<>();
        for (int i = 0; i < t.records().size(); i++) {
            ProducerRecord<String, byte[]> pr = t.records().get(i);
            RecordMetadata m = sentTo(t, i);
            if (m == null || open.contains(new TopicPartition(m.topic(), m.partition()))) {
                // Same partition as the first time, so a reader keyed by partition sees one place per game.
                again.add(new ProducerRecord<>(pr.topic(), m == null ? null : m.partition(), pr.key(), pr.value(), pr.headers()));
            }
        }
        if (again.isEmpty() && !offsetOpen) {
            return;
        }
        connect();
        sendAndCommit(new InFlight(t.task(), again, false), offsetOpen);
        t.republished().set(true); // committed: whatever happens next, never publish these again
        settleCommitted();
        LOG.info("slot {}: published {} record(s) of task {}-{}@{} again{}", name, again.size(), t.task().topic(),
                t.task().partition(), t.task().offset(), offsetOpen ? " with its offset" : "");
    }

    private static RecordMetadata sentTo(InFlight t, int i) {
        if (i >= t.sent().size() || !t.sent().get(i).isDone()) {
            return null;
        }
        try {
            return t.sent().get(i).get();
        } catch (ExecutionException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** After an aborted transaction, play its task again (when this slot still holds its partition). */
    private void rewind(ConsumerRecord<String, byte[]> task) {
        TopicPartition tp = new TopicPartition(task.topic(), task.partition());
        if (consumer != null && consumer.assignment().contains(tp)) {
            consumer.seek(tp, task.offset());
        }
    }

    private static final String OFFSETS_TOPIC = "__consumer_offsets";

    private record TxnState(long producerId, int epoch, OrphanedTransactions.Outcome outcome) {
    }

    private TxnState describe(String txnId) {
        return call(() -> {
            var d = OrphanedTransactions.describe(admin, txnId);
            return new TxnState(d.producerId(), d.producerEpoch(), OrphanedTransactions.outcome(d.state()));
        });
    }

    private List<OrphanedTransactions.Orphan> orphans(long producerId) {
        return call(() -> {
            if (watched == null) {
                watched = OrphanedTransactions.partitions(admin,
                        List.of(config.topics().games(), config.topics().deadLetter(), OFFSETS_TOPIC));
            }
            return OrphanedTransactions.openTransactions(admin, watched, producerId);
        });
    }

    private interface AdminCall<T> {
        T run() throws ExecutionException, InterruptedException, java.util.concurrent.TimeoutException;
    }

    /** A failed admin request: the producer is not at fault, so it is not retired for it. */
    private static final class AdminTrouble extends KafkaException {
        private static final long serialVersionUID = 1L;

        AdminTrouble(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Admin failures become {@link AdminTrouble}, except that a transactional id unknown to the coordinator
     * stays a {@link TransactionalIdNotFoundException}.
     */
    private static <T> T call(AdminCall<T> c) {
        try {
            return c.run();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TransactionalIdNotFoundException k) {
                throw k;
            }
            throw new AdminTrouble("admin request failed: " + e.getCause(), e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AdminTrouble("admin request timed out", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AdminTrouble("interrupted", e);
        }
    }

    /**
     * After a failure: aborts the transaction in hand if possible and retires the producer (rule 5); its
     * last transaction is settled by {@link #settleRetired()} before the slot goes on.
     */
    /**
     * The group coordinator no longer knows this consumer (fenced after a broker restart), so no transaction
     * can commit a task offset until the consumer rejoins, which only a poll does. settleRetired runs before
     * the loop's poll; when a repair must publish a task offset again, it would otherwise fail for ever.
     * Nothing fetched here is processed: each record's partition is sought back to it.
     */
    private void rejoinGroup() {
        if (consumer == null) {
            return;
        }
        try {
            for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                consumer.seek(new TopicPartition(r.topic(), r.partition()), r.offset());
            }
        } catch (KafkaException e) {
            LOG.debug("slot {}: poll to rejoin the group: {}", name, e.toString());
        }
    }

    private void retireProducer(KafkaException cause) {
        if (producer == null) {
            return;
        }
        boolean fatal = cause instanceof ProducerFencedException || cause instanceof OutOfOrderSequenceException
                || cause instanceof AuthorizationException || cause instanceof UnsupportedVersionException
                || cause instanceof InvalidProducerEpochException;
        closeProducer(!fatal);
    }

    private void closeProducer(boolean abort) {
        if (abort) {
            try {
                producer.abortTransaction();
            } catch (KafkaException | IllegalStateException e) {
                // no transaction in progress, or the producer is unusable: its transaction ends at the coordinator
            }
        }
        producer.close(Duration.ofSeconds(5));
        producer = null;
        retired.add(new Retired(transactionalId, inFlight, settledEpoch));
        inFlight = null;
    }

    private void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
            producer = null;
        }
        if (consumer != null) {
            try {
                consumer.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(Duration.ofSeconds(5)));
            } catch (KafkaException e) {
                LOG.debug("slot {}: consumer close: {}", name, e.toString());
            }
            consumer = null;
        }
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
            admin = null;
        }
    }

    private void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
