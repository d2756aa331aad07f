package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Player;
import dev.joseki.records.proto.EvalTask;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.selfplay.transactions.TaskTransactions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One unit of a worker's concurrency: a consumer in the workers' group on both task topics, the
 * consume → play or evaluate → publish loop, and a {@link TaskTransactions} for the commits. A
 * self-play task becomes GameRecords ({@link TaskGames}), an eval task PositionEvals ({@link
 * TaskEvals}), a training task GameRecords and TrainingPositions ({@link TrainingTasks}, which may
 * also ask for the task to be played again); everything below holds for all three, word for word,
 * with "games" read as "the task's records".
 *
 * <p>Exactly-once, and why it survives SIGKILL at any instant:
 *
 * <ol>
 *   <li>The slot takes one task at a time (max.poll.records=1) and plays all its games in memory;
 *       nothing is sent while games are played.
 *   <li>Then, in one transaction: every GameRecord of the task (keyed by its stable game id; a
 *       PositionEval by its eval id), or the dead-letter record, plus the task's next offset via
 *       {@code sendOffsetsToTransaction} with the consumer's group metadata; then commit. Records
 *       and offset become visible together or not at all.
 *   <li>Killed before the commit: the transaction is aborted (fenced by the next producer with this
 *       transactional id, or by the transaction time-out), the offset was not committed, so the
 *       task is redelivered to a live slot and replayed; readers use read_committed and never see
 *       the aborted records. Killed after the commit: the offset moved on, so the task is not
 *       replayed.
 *   <li>A slot that was presumed dead (lost its partitions) but wakes up cannot commit: the group
 *       metadata in the transaction no longer matches the group's, so the broker rejects the
 *       offsets and the transaction aborts (KIP-447 zombie fencing).
 * </ol>
 *
 * Per-task transactions (rather than per-game) keep the open-transaction window to milliseconds
 * after minutes of play, so a killed worker almost never leaves a transaction that blocks readers'
 * last stable offset; small tasks (a colour-swapped pair, or the N games of a batch: {@link
 * TaskBatches}) bound the work redone after a kill. Rules 5 to 7 (broker restarts) are {@link
 * TaskTransactions}'.
 */
final class TaskSlot {
    private static final Logger LOG = LoggerFactory.getLogger(TaskSlot.class);
    private static final Duration POLL = Duration.ofMillis(500);

    private final Worker.Config config;
    private final String name;
    private final PlayerFactory players;
    private final TaskPlay selfPlay;
    private final TaskEvals evaluator;
    private final TrainingTasks training;
    private final BooleanSupplier stopping;
    private final RetiredRuns retired;
    private final TaskTransactions transactions;
    private final EnginePool engines;
    private final SlotActivity activity;
    private final int index;

    private KafkaConsumer<String, byte[]> consumer;

    TaskSlot(
            Worker.Config config,
            int index,
            PlayerFactory players,
            TaskGames runner,
            TaskEvals evaluator,
            TaskPositions labeller,
            BooleanSupplier stopping,
            RetiredRuns retired,
            AtomicLong gamesPublished,
            AtomicLong evalsPublished,
            SlotActivity activity) {
        this.config = config;
        this.index = index;
        this.activity = activity;
        this.name = config.workerId() + "-" + index;
        this.players = players;
        this.evaluator = evaluator;
        this.stopping = stopping;
        this.retired = retired;
        this.engines = new EnginePool(players, stopping);
        this.selfPlay = new TaskPlay(runner, engines, config.workerId(), config.concurrency());
        this.training =
                new TrainingTasks(
                        name,
                        config.topics(),
                        labeller,
                        engines,
                        players.builtinAvailable(),
                        retired,
                        stopping,
                        (r, reason) -> deadLetter(r, reason));
        this.transactions =
                new TaskTransactions(
                        config.kafka(),
                        config.topics(),
                        name,
                        stopping,
                        () -> consumer.groupMetadata(),
                        new TaskTransactions.Outcomes() {
                            @Override
                            public void committed(
                                    ConsumerRecord<String, byte[]> task, long games, long evals) {
                                gamesPublished.addAndGet(games);
                                evalsPublished.addAndGet(evals);
                                LOG.info(
                                        "slot {}: task at {}-{}@{} committed ({} games, {} evals)",
                                        name,
                                        task.topic(),
                                        task.partition(),
                                        task.offset(),
                                        games,
                                        evals);
                            }

                            @Override
                            public void aborted(ConsumerRecord<String, byte[]> task) {
                                rewind(task);
                            }
                        });
    }

    String name() {
        return name;
    }

    void run() {
        try {
            while (!stopping.getAsBoolean()) {
                try {
                    connect();
                    if (!transactions.settle()) {
                        pause(500); // the coordinator has not completed a retired producer's
                        // transaction yet
                        continue;
                    }
                    for (ConsumerRecord<String, byte[]> r : consumer.poll(POLL)) {
                        activity.started(index, r.key());
                        List<ProducerRecord<String, byte[]>> out = process(r);
                        activity.finished(index, engines.names());
                        if (out == null) {
                            // Stopping: the task stays uncommitted and goes to another worker.
                            LOG.info(
                                    "slot {}: abandoned the task at {}-{}@{}",
                                    name,
                                    r.topic(),
                                    r.partition(),
                                    r.offset());
                            return;
                        }
                        if (out == TrainingTasks.REPLAY) {
                            consumer.seek(new TopicPartition(r.topic(), r.partition()), r.offset());
                            break;
                        }
                        LOG.info(
                                "slot {}: committing task at {}-{}@{}",
                                name,
                                r.topic(),
                                r.partition(),
                                r.offset());
                        transactions.publish(r, out);
                    }
                } catch (TaskTransactions.AdminTrouble e) {
                    // The producer is fine; what is unsettled stays so and is settled on the next
                    // round.
                    LOG.warn("slot {}: {}; retrying", name, e.toString());
                    pause(1000);
                } catch (KafkaException e) {
                    // Broker down, rebalance, fencing…: retire the producer; settle() then learns
                    // from the coordinator what became of its transaction, so the task in hand is
                    // replayed (seek back) or counted as done, never lost and never published
                    // twice.
                    LOG.warn(
                            "slot {}: {}; retiring producer {}",
                            name,
                            e.toString(),
                            transactions.transactionalId());
                    transactions.retire(e);
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
        transactions.open();
        if (consumer == null) {
            Properties c = config.kafka().consumer(config.groupId());
            c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "1");
            // A task's games are played between two polls.
            c.putIfAbsent(
                    ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG,
                    String.valueOf(Duration.ofHours(1).toMillis()));
            c.putIfAbsent(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
            // Range, not the server's default uniform assignor: uniform balances the partition
            // count over both task topics and was seen to give all eval partitions to one member
            // and all self-play partitions to the other; range gives every member a contiguous
            // range of each topic, as the classic protocol's default does (TaskPlacement relies on
            // it).
            c.putIfAbsent(ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG, "range");
            c.put(ConsumerConfig.CLIENT_ID_CONFIG, TaskTransactions.ID_PREFIX + name);
            consumer = new KafkaConsumer<>(c);
            // The listener matters beyond its log lines: under KIP-848 a member with one completes
            // a
            // revocation, or a fence and rejoin, only in its next poll (the callback runs there). A
            // slot in mid-task thus keeps its partition until the task is committed, and a fenced
            // slot keeps a stale member epoch, so its late commit is rejected rather than accepted
            // under a new one. Heartbeats go on from the background thread meanwhile.
            consumer.subscribe(
                    config.topics().taskTopics(),
                    new ConsumerRebalanceListener() {
                        @Override
                        public void onPartitionsRevoked(Collection<TopicPartition> parts) {
                            LOG.debug("slot {}: revoked {}", name, parts);
                        }

                        @Override
                        public void onPartitionsAssigned(Collection<TopicPartition> parts) {
                            LOG.info(
                                    "slot {}: assigned {} more task partition(s)",
                                    name,
                                    parts.size());
                        }
                    });
        }
    }

    /** The records to publish for a task, or null when the slot is stopping and abandoned it. */
    private List<ProducerRecord<String, byte[]>> process(ConsumerRecord<String, byte[]> r) {
        if (r.topic().equals(config.topics().trainTasks())) {
            return training.process(r);
        }
        return r.topic().equals(config.topics().evalTasks()) ? evaluate(r) : play(r);
    }

    /** An eval task's PositionEval records, or null when the slot is stopping and abandoned it. */
    private List<ProducerRecord<String, byte[]>> evaluate(ConsumerRecord<String, byte[]> r) {
        EvalTask task;
        try {
            task = EvalTask.parseFrom(r.value() == null ? new byte[0] : r.value());
        } catch (InvalidProtocolBufferException e) {
            return deadLetter(r, "not an EvalTask: " + e.getMessage());
        }
        String problem = TaskValidator.problem(task, players.builtinAvailable());
        if (problem != null) {
            return deadLetter(r, problem);
        }
        if (retired.covers(
                config.topics(), task.getBatchId(), r.topic(), r.partition(), r.offset())) {
            LOG.info(
                    "slot {}: eval task {} of stopped run {} committed unplayed",
                    name,
                    task.getTaskId(),
                    task.getBatchId());
            return List.of();
        }
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        LOG.info(
                "slot {}: evaluating task {} ({}-{}@{})",
                name,
                task.getTaskId(),
                r.topic(),
                r.partition(),
                r.offset());
        EngineSpec spec = TaskPlayers.spec(task.getLimits(), task.getEngine());
        Player engine = null;
        try {
            engine = engines.take(spec);
            engines.closeIdle();
            List<PositionEval> evals = evaluator.evaluate(task, engine, stopping);
            if (evals == null) {
                return null;
            }
            for (PositionEval e : evals) {
                out.add(
                        new ProducerRecord<>(
                                config.topics().evals(), e.getEvalId(), e.toByteArray()));
            }
            engines.keep(spec, engine);
            engine = null;
        } catch (ArtifactException e) {
            return deadLetter(r, e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("slot {}: eval task {} failed", name, task.getTaskId(), e);
            return deadLetter(r, "worker error: " + e);
        } finally {
            closeQuietly(engine);
        }
        return out;
    }

    /** A self-play task's GameRecords, or null when the slot is stopping and abandoned it. */
    private List<ProducerRecord<String, byte[]>> play(ConsumerRecord<String, byte[]> r) {
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
        if (retired.covers(task.getTournamentId(), r.partition(), r.offset())) {
            LOG.info(
                    "slot {}: task {} of retired tournament {} committed unplayed",
                    name,
                    task.getTaskId(),
                    task.getTournamentId());
            return List.of();
        }
        LOG.info(
                "slot {}: playing task {} ({} games; {}-{}@{})",
                name,
                task.getTaskId(),
                TaskValidator.gameCount(task),
                r.topic(),
                r.partition(),
                r.offset());
        List<GameRecord> games;
        try {
            games = selfPlay.play(task, stopping);
        } catch (ArtifactException e) {
            // A published engine missing or altered: never run, the task parked with the reason.
            return deadLetter(r, e.getMessage());
        } catch (RuntimeException e) {
            // A fault while playing (a bug, an engine wrapper failure) must not kill the worker or
            // loop forever on one task: park the task with the reason.
            LOG.error("slot {}: task {} failed", name, task.getTaskId(), e);
            return deadLetter(r, "worker error: " + e);
        }
        if (games == null) {
            return null;
        }
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>(games.size());
        for (GameRecord g : games) {
            out.add(new ProducerRecord<>(config.topics().games(), g.getGameId(), g.toByteArray()));
        }
        return out;
    }

    /** Ends an engine that is not kept (Player.close never throws). */
    private static void closeQuietly(Player p) {
        if (p != null) {
            p.close();
        }
    }

    private List<ProducerRecord<String, byte[]>> deadLetter(
            ConsumerRecord<String, byte[]> r, String reason) {
        LOG.warn(
                "slot {}: task at {}-{}@{} to the dead-letter topic: {}",
                name,
                r.topic(),
                r.partition(),
                r.offset(),
                reason);
        ProducerRecord<String, byte[]> dl =
                new ProducerRecord<>(config.topics().deadLetter(), r.key(), r.value());
        dl.headers().add("joseki.error", reason.getBytes(StandardCharsets.UTF_8));
        dl.headers()
                .add(
                        "joseki.source",
                        (r.topic() + "-" + r.partition() + "@" + r.offset())
                                .getBytes(StandardCharsets.UTF_8));
        dl.headers().add("joseki.worker", config.workerId().getBytes(StandardCharsets.UTF_8));
        return List.of(dl);
    }

    /**
     * After an aborted transaction, play its task again (when this slot still holds its partition).
     */
    private void rewind(ConsumerRecord<String, byte[]> task) {
        TopicPartition tp = new TopicPartition(task.topic(), task.partition());
        if (consumer != null && consumer.assignment().contains(tp)) {
            consumer.seek(tp, task.offset());
        }
    }

    /**
     * The group coordinator no longer knows this consumer (fenced after a broker restart), so no
     * transaction can commit a task offset until the consumer rejoins, which only a poll does.
     * TaskTransactions.settle runs before the loop's poll; when a repair must publish a task offset
     * again, it would otherwise fail for ever. Nothing fetched here is processed: each record's
     * partition is sought back to it.
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

    private void close() {
        engines.close();
        transactions.close();
        if (consumer != null) {
            try {
                consumer.close(
                        org.apache.kafka.clients.consumer.CloseOptions.timeout(
                                Duration.ofSeconds(5)));
            } catch (KafkaException e) {
                LOG.debug("slot {}: consumer close: {}", name, e.toString());
            }
            consumer = null;
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
