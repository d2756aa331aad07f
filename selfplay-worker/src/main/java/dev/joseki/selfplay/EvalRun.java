package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Timestamp;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.notation.Sfen;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.PositionEvals;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvalTask;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.PositionEval;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The submit side of position evaluation: a batch of positions becomes eval tasks of {@code
 * perTask} positions each, spread over the workers' eval task partitions, and {@link #await}
 * collects the batch's PositionEval records from the evals topic (read_committed, by eval id, so a
 * record published twice counts once) until every position has one. {@link #evaluate} does all of
 * it in one call: what {@code ./joseki evaluate} and the book miner use.
 */
public final class EvalRun {
    /** Eval batch ids start with this ({@code ev-<epoch>-<random>}). */
    public static final String BATCH_PREFIX = "ev-";

    /**
     * What to evaluate: the positions, the engine (its own limit wins over {@code limit}), MultiPV
     * K, and how many positions one task carries (the work redone when a worker dies mid-task, and
     * the granularity of spreading over workers). The engine and limit become the task's protobuf
     * player and limits only in {@link EvalRun#tasks}.
     */
    public record Spec(
            List<EvalPosition> positions,
            EngineSpec engine,
            SearchLimit limit,
            int multipv,
            int perTask) {
        /** This spec with its artifact engine pinned to an exact hash ({@link ArtifactPins}). */
        public Spec pinned(ArtifactPins pins) {
            return new Spec(positions, pins.pin(engine), limit, multipv, perTask);
        }

        public Spec {
            positions = List.copyOf(positions);
            if (positions.isEmpty()) {
                throw new IllegalArgumentException("no position to evaluate");
            }
            if (limit == null) {
                throw new IllegalArgumentException(
                        "a search limit (nodes, movetime, byoyomi or depth) is needed");
            }
            if (multipv < 1 || multipv > TaskValidator.MAX_MULTIPV) {
                throw new IllegalArgumentException(
                        "--multipv must be 1.." + TaskValidator.MAX_MULTIPV + ", got " + multipv);
            }
            if (perTask < 1 || perTask > TaskValidator.MAX_POSITIONS_PER_TASK) {
                throw new IllegalArgumentException(
                        "positions per task must be 1.." + TaskValidator.MAX_POSITIONS_PER_TASK);
            }
        }
    }

    private final String batchId;
    private final Spec spec;
    // The spec's engine and limit in their wire form, converted once.
    private final Player engine;
    private final Limits limits;

    public EvalRun(String batchId, Spec spec) {
        this.batchId = batchId;
        this.spec = spec;
        this.engine = TaskPlayers.player(spec.engine());
        this.limits = TaskPlayers.limits(spec.limit());
    }

    public static String newBatchId() {
        return BATCH_PREFIX
                + Instant.now().getEpochSecond()
                + "-"
                + UUID.randomUUID().toString().substring(0, 6);
    }

    /**
     * An opening line (start position and moves) as a position to evaluate; the start position is
     * an empty SFEN.
     */
    public static EvalPosition position(Opening line) {
        return EvalPosition.newBuilder()
                .setStartSfen(line.startSfen().equals(Sfen.STARTPOS) ? "" : line.startSfen())
                .addAllMoves(line.usiMoves())
                .build();
    }

    /** A position as it stands (its SFEN, no moves), e.g. one decoded from a book key. */
    public static EvalPosition position(dev.joseki.rules.Position pos) {
        return EvalPosition.newBuilder().setStartSfen(Sfen.write(pos)).build();
    }

    public String batchId() {
        return batchId;
    }

    public Spec spec() {
        return spec;
    }

    /** Task i holds positions [i·perTask, (i+1)·perTask); its id is {@code batchId-i}. */
    public List<EvalTask> tasks() {
        List<EvalTask> tasks = new ArrayList<>();
        Timestamp now = Timestamp.newBuilder().setSeconds(Instant.now().getEpochSecond()).build();
        for (int i = 0, from = 0; from < spec.positions().size(); i++, from += spec.perTask()) {
            int to = Math.min(spec.positions().size(), from + spec.perTask());
            tasks.add(
                    EvalTask.newBuilder()
                            .setTaskId(taskId(i))
                            .setBatchId(batchId)
                            .setEngine(engine)
                            .setLimits(limits)
                            .setMultipv(spec.multipv())
                            .addAllPositions(spec.positions().subList(from, to))
                            .setCreatedAt(now)
                            .build());
        }
        return tasks;
    }

    /** The eval id of position {@code i} of the batch. */
    public String evalId(int i) {
        return PositionEvals.evalId(taskId(i / spec.perTask()), i % spec.perTask());
    }

    private String taskId(int task) {
        return batchId + "-" + task;
    }

    /**
     * The evals topic's current end offsets (read before publishing, so {@link #await} reads only
     * what follows).
     */
    public static Map<TopicPartition, Long> evalsEnd(KafkaSettings kafka, Topics topics) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            return new HashMap<>(
                    c.endOffsets(TopicScan.partitions(c.partitionsFor(topics.evals()))));
        }
    }

    /**
     * Publishes the tasks (idempotent producer, acks=all), spread over the group's members; returns
     * when acknowledged.
     */
    public void publish(KafkaSettings kafka, Topics topics, String groupId) {
        TaskPublisher.publish(
                kafka, topics.evalTasks(), groupId, tasks(), EvalTask::getTaskId, "eval tasks");
    }

    /**
     * Reads committed PositionEval records of this batch after {@code from} until every position
     * has one or {@code timeout} passes; reports the count so far to {@code progress}. Keyed by
     * eval id.
     */
    public Map<String, PositionEval> await(
            KafkaSettings kafka,
            Topics topics,
            Map<TopicPartition, Long> from,
            IntConsumer progress,
            Duration timeout) {
        return await(kafka, topics, from, progress, timeout, () -> null);
    }

    /**
     * As {@link #await(KafkaSettings, Topics, Map, IntConsumer, Duration)}, asking {@code stalled}
     * after each poll whether evaluations can still arrive: when it names why not (no worker left),
     * the wait ends with a {@link StalledRunException} saying so and how many arrived.
     */
    public Map<String, PositionEval> await(
            KafkaSettings kafka,
            Topics topics,
            Map<TopicPartition, Long> from,
            IntConsumer progress,
            Duration timeout,
            Supplier<String> stalled) {
        Map<String, PositionEval> got = new LinkedHashMap<>();
        String prefix = batchId + "-";
        long deadline = System.nanoTime() + timeout.toNanos();
        int want = spec.positions().size();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            List<TopicPartition> parts = TopicScan.partitions(c.partitionsFor(topics.evals()));
            c.assign(parts);
            for (TopicPartition tp : parts) {
                c.seek(tp, from.getOrDefault(tp, 0L));
            }
            while (got.size() < want && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> r : c.poll(Duration.ofMillis(500))) {
                    if (r.key() != null && r.key().startsWith(prefix)) {
                        got.putIfAbsent(r.key(), parse(r));
                    }
                }
                progress.accept(got.size());
                String why = got.size() < want ? stalled.get() : null;
                if (why != null) {
                    throw new StalledRunException(
                            "batch "
                                    + batchId
                                    + ": "
                                    + got.size()
                                    + " of "
                                    + want
                                    + " positions evaluated, and no more will be: "
                                    + why);
                }
            }
        }
        return got;
    }

    /**
     * Submit and wait: publishes the batch and returns its records in position order, or throws
     * IllegalStateException naming how many are missing after {@code timeout}.
     */
    public List<PositionEval> evaluate(
            KafkaSettings kafka,
            Topics topics,
            String groupId,
            IntConsumer progress,
            Duration timeout) {
        Map<TopicPartition, Long> from = evalsEnd(kafka, topics);
        publish(kafka, topics, groupId);
        Map<String, PositionEval> got = await(kafka, topics, from, progress, timeout);
        List<PositionEval> out = new ArrayList<>();
        for (int i = 0; i < spec.positions().size(); i++) {
            PositionEval e = got.get(evalId(i));
            if (e == null) {
                throw new IllegalStateException(
                        "only "
                                + got.size()
                                + " of "
                                + spec.positions().size()
                                + " positions of batch "
                                + batchId
                                + " evaluated after "
                                + timeout.toSeconds()
                                + " s");
            }
            out.add(e);
        }
        return out;
    }

    /** Every committed record of the evals topic, in partition order (for tests and tools). */
    public static List<PositionEval> readAll(KafkaSettings kafka, Topics topics) {
        List<PositionEval> out = new ArrayList<>();
        TopicScan.all(kafka, topics.evals(), r -> out.add(parse(r)));
        return out;
    }

    private static PositionEval parse(ConsumerRecord<String, byte[]> r) {
        try {
            return PositionEval.parseFrom(r.value());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(
                    "bad eval record at " + r.topic() + "-" + r.partition() + "@" + r.offset(), e);
        }
    }
}
