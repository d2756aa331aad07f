package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Timestamp;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvalTask;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.PositionEval;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * The incremental form of {@link EvalRun}, for a caller that keeps the workers fed: {@link #submit}
 * sends positions as they are chosen, one eval task each, and {@link #poll} returns the records
 * that arrived since the last poll. The exactly-once machinery is EvalRun's: the workers settle
 * each task in one transaction, this side reads read_committed from the evals topic's end at
 * construction and counts each eval id once (a task replayed after a crash gives the same ids).
 *
 * <p>Placement: a task goes to the group member (worker slot) with the fewest of this stream's
 * tasks unanswered ({@link MemberPlacement}).
 *
 * <p>Not thread-safe: one thread submits and polls.
 */
public final class EvalStream implements AutoCloseable {
    private final Topics topics;
    private final String batchId;
    private final Player engine;
    private final Limits limits;
    private final int multipv;
    private final KafkaProducer<String, byte[]> producer;
    private final KafkaConsumer<String, byte[]> consumer;

    private final MemberPlacement<String> placement;
    private final Set<String> seen = new HashSet<>();
    private int nextTask;

    public EvalStream(
            KafkaSettings kafka,
            Topics topics,
            String groupId,
            Player engine,
            Limits limits,
            int multipv) {
        if (!TaskValidator.hasLimit(limits)) {
            throw new IllegalArgumentException(
                    "a search limit (nodes, movetime, byoyomi or depth) is needed");
        }
        if (multipv < 1 || multipv > TaskValidator.MAX_MULTIPV) {
            throw new IllegalArgumentException(
                    "--multipv must be 1.." + TaskValidator.MAX_MULTIPV + ", got " + multipv);
        }
        this.topics = topics;
        this.batchId = EvalRun.newBatchId();
        this.engine = engine;
        this.limits = limits;
        this.multipv = multipv;
        this.producer = new KafkaProducer<>(kafka.producer(null));
        this.consumer = new KafkaConsumer<>(kafka.consumer(null));
        this.placement =
                new MemberPlacement<>(
                        () -> SelfPlayRun.memberPartitions(kafka, topics.evalTasks(), groupId),
                        () -> consumer.partitionsFor(topics.evalTasks()).size());
        List<TopicPartition> parts = TopicScan.partitions(consumer.partitionsFor(topics.evals()));
        consumer.assign(parts);
        // from the end: only what this stream's tasks give
        consumer.seekToEnd(parts);
        parts.forEach(consumer::position);
    }

    public String batchId() {
        return batchId;
    }

    /** Tasks sent and not answered yet. */
    public int unanswered() {
        return placement.unanswered();
    }

    /**
     * Sends each position as an eval task of its own; returns when the broker acknowledged them.
     */
    public void submit(List<EvalPosition> positions) {
        Timestamp now = Timestamp.newBuilder().setSeconds(Instant.now().getEpochSecond()).build();
        List<Future<?>> sent = new ArrayList<>();
        for (EvalPosition p : positions) {
            String taskId = batchId + "-" + nextTask++;
            EvalTask t =
                    EvalTask.newBuilder()
                            .setTaskId(taskId)
                            .setBatchId(batchId)
                            .setEngine(engine)
                            .setLimits(limits)
                            .setMultipv(multipv)
                            .addPositions(p)
                            .setCreatedAt(now)
                            .build();
            int partition = placement.place(taskId);
            sent.add(
                    producer.send(
                            new ProducerRecord<>(
                                    topics.evalTasks(), partition, taskId, t.toByteArray())));
        }
        producer.flush();
        try {
            for (Future<?> f : sent) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "publishing eval tasks failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing eval tasks", e);
        }
    }

    /**
     * The committed records of this stream that arrived since the last call, each eval id once;
     * waits up to {@code wait} for the first.
     */
    public List<PositionEval> poll(Duration wait) {
        List<PositionEval> out = new ArrayList<>();
        String prefix = batchId + "-";
        for (ConsumerRecord<String, byte[]> r : consumer.poll(wait)) {
            if (r.key() != null && r.key().startsWith(prefix) && seen.add(r.key())) {
                PositionEval e = parse(r);
                placement.answered(e.getTaskId());
                out.add(e);
            }
        }
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

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        consumer.close();
    }
}
