package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Player;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.TrainTask;
import dev.joseki.records.proto.TrainingPosition;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A slot's side of training tasks: a task becomes its GameRecords (train games topic) and
 * TrainingPositions (positions topic), published by the slot in one transaction like any task's
 * records. A task whose teacher failed ({@link TaskPositions.TeacherFailed}) publishes nothing: the
 * slot seeks back and plays it again, and parks it in the dead-letter topic at the {@link
 * #TEACHER_ATTEMPTS}th failure in a row, so that a teacher that never works cannot hold a slot.
 * Used by the slot's own thread only.
 */
final class TrainingTasks {
    private static final Logger LOG = LoggerFactory.getLogger(TrainingTasks.class);

    /** How often a slot plays a training task whose teacher failed before parking it. */
    static final int TEACHER_ATTEMPTS = 3;

    /**
     * What {@link #process} returns for a task to be played again: the slot seeks back to it and
     * commits nothing (compared by identity).
     */
    static final List<ProducerRecord<String, byte[]>> REPLAY = new ArrayList<>(0);

    private final String slot;
    private final Topics topics;
    private final TaskPositions labeller;
    private final EnginePool engines;
    private final boolean builtinAvailable;
    private final RetiredRuns retired;
    private final BooleanSupplier stopping;
    private final BiFunction<
                    ConsumerRecord<String, byte[]>, String, List<ProducerRecord<String, byte[]>>>
            deadLetter;

    /** The training task whose teacher failed last ("topic-partition@offset"), and how often. */
    private String failedTask = "";

    private int failures;

    TrainingTasks(
            String slot,
            Topics topics,
            TaskPositions labeller,
            EnginePool engines,
            boolean builtinAvailable,
            RetiredRuns retired,
            BooleanSupplier stopping,
            BiFunction<ConsumerRecord<String, byte[]>, String, List<ProducerRecord<String, byte[]>>>
                    deadLetter) {
        this.slot = slot;
        this.topics = topics;
        this.labeller = labeller;
        this.engines = engines;
        this.builtinAvailable = builtinAvailable;
        this.retired = retired;
        this.stopping = stopping;
        this.deadLetter = deadLetter;
    }

    /**
     * A training task's records, {@link #REPLAY} when its teacher failed, the dead-letter record
     * when the task is bad or failed too often, or null when the slot is stopping and abandoned it.
     */
    List<ProducerRecord<String, byte[]>> process(ConsumerRecord<String, byte[]> r) {
        TrainTask task;
        try {
            task = TrainTask.parseFrom(r.value() == null ? new byte[0] : r.value());
        } catch (InvalidProtocolBufferException e) {
            return deadLetter.apply(r, "not a TrainTask: " + e.getMessage());
        }
        String problem = TaskValidator.problem(task, builtinAvailable);
        if (problem != null) {
            return deadLetter.apply(r, problem);
        }
        if (retired.covers(topics, task.getRunId(), r.topic(), r.partition(), r.offset())) {
            LOG.info(
                    "slot {}: training task {} of stopped run {} committed unplayed",
                    slot,
                    task.getTaskId(),
                    task.getRunId());
            return List.of();
        }
        LOG.info("slot {}: labelling task {} ({})", slot, task.getTaskId(), source(r));
        EngineSpec spec = TaskPlayers.spec(task.getGames(), task.getGames().getBlack());
        Player a = null, b = null;
        try {
            a = engines.take(spec);
            b = engines.take(spec);
            engines.closeIdle();
            TaskPositions.Labelled done = labeller.label(task, a, b, stopping);
            if (done == null) {
                return null;
            }
            failedTask = "";
            return records(done);
        } catch (TaskPositions.TeacherFailed e) {
            failures = source(r).equals(failedTask) ? failures + 1 : 1;
            failedTask = source(r);
            if (failures >= TEACHER_ATTEMPTS) {
                return deadLetter.apply(
                        r, "teacher failed " + failures + " times: " + e.getMessage());
            }
            LOG.warn("slot {}: task {} played again: {}", slot, task.getTaskId(), e.getMessage());
            return REPLAY;
        } catch (ArtifactException e) {
            return deadLetter.apply(r, e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("slot {}: training task {} failed", slot, task.getTaskId(), e);
            return deadLetter.apply(r, "worker error: " + e);
        } finally {
            // Kept even after a failure: a kept engine whose process died starts again at its
            // next game.
            if (a != null) {
                engines.keep(spec, a);
            }
            if (b != null) {
                engines.keep(spec, b);
            }
        }
    }

    private List<ProducerRecord<String, byte[]>> records(TaskPositions.Labelled done) {
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        for (GameRecord g : done.games()) {
            out.add(new ProducerRecord<>(topics.trainGames(), g.getGameId(), g.toByteArray()));
        }
        for (TrainingPosition p : done.positions()) {
            out.add(new ProducerRecord<>(topics.positions(), p.getPositionId(), p.toByteArray()));
        }
        return out;
    }

    private static String source(ConsumerRecord<String, byte[]> r) {
        return r.topic() + "-" + r.partition() + "@" + r.offset();
    }
}
