package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Timestamp;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.RetiredRun;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tournaments whose queued tasks no longer need playing. When an SPRT decides, up to a window of
 * its tasks still wait on the tasks topic; without this the workers would play them all before the
 * next run's tasks (a 64-game window at tc=10+0.1 is a quarter of an hour on two cores).
 *
 * <p>The marker records the tasks topic's end offsets at the moment of retirement, not a flag: a
 * task of the run is skipped only if it lies below its partition's recorded offset, so tasks that a
 * later run of the same id sends (after the marker) are played. Every task the retiring run sent
 * was acknowledged before the marker was written, so all of them lie below it. A worker that sees
 * the marker late plays a few unneeded games, which the run ignores; it never skips a needed one.
 */
final class RetiredRuns implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RetiredRuns.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private final Map<String, RetiredRun> runs = new ConcurrentHashMap<>();
    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread reader;
    private volatile boolean closed;

    private RetiredRuns(KafkaSettings kafka, Topics topics) {
        consumer = new KafkaConsumer<>(kafka.consumer(null));
        reader = new Thread(() -> follow(topics), "retired-runs");
        reader.setDaemon(true);
    }

    /**
     * Reads the retired-runs topic to its end now (so that a worker starting after a retirement
     * never plays the first task it should skip), then follows it in a background thread.
     */
    static RetiredRuns follow(KafkaSettings kafka, Topics topics) {
        RetiredRuns r = new RetiredRuns(kafka, topics);
        try {
            readToEnd(r.consumer, topics, r.runs);
        } catch (KafkaException e) {
            LOG.warn("retired runs: {}; following from the start", e.toString());
            r.consumer.unsubscribe();
        }
        r.reader.start();
        return r;
    }

    /**
     * Whether the self-play task at {@code partition}@{@code offset} of tournament {@code runId} is
     * void.
     */
    boolean covers(String runId, int partition, long offset) {
        RetiredRun m = runs.get(runId);
        return m != null && offset < m.getTaskEndOffsetsOrDefault(partition, 0L);
    }

    /**
     * Whether the task at {@code topic}-{@code partition}@{@code offset} of run {@code runId} is
     * void.
     */
    boolean covers(Topics topics, String runId, String topic, int partition, long offset) {
        RetiredRun m = runs.get(runId);
        if (m == null) {
            return false;
        }
        Map<Integer, Long> end =
                topic.equals(topics.trainTasks())
                        ? m.getTrainTaskEndOffsetsMap()
                        : topic.equals(topics.evalTasks())
                                ? m.getEvalTaskEndOffsetsMap()
                                : m.getTaskEndOffsetsMap();
        return offset < end.getOrDefault(partition, 0L);
    }

    private void follow(Topics topics) {
        try {
            List<TopicPartition> parts = new ArrayList<>(consumer.assignment());
            boolean fresh = parts.isEmpty();
            while (parts.isEmpty() && !closed) {
                try {
                    parts.addAll(
                            TopicScan.partitions(
                                    consumer.partitionsFor(topics.retiredRuns(), TIMEOUT)));
                } catch (KafkaException e) {
                    LOG.debug("retired runs: {}; retrying", e.toString());
                }
                if (parts.isEmpty()) {
                    Thread.sleep(500); // the broker is away, or the topic not yet made
                }
            }
            if (fresh) {
                TopicScan.assignFromStart(consumer, parts);
            }
            while (!closed) {
                try {
                    for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofSeconds(1))) {
                        apply(runs, r);
                    }
                } catch (WakeupException e) {
                    return;
                } catch (KafkaException e) {
                    LOG.debug("retired runs: {}; retrying", e.toString());
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            consumer.close();
        }
    }

    private static void apply(Map<String, RetiredRun> runs, ConsumerRecord<String, byte[]> r) {
        if (r.key() == null) {
            return;
        }
        if (r.value() == null) {
            runs.remove(r.key());
            return;
        }
        try {
            runs.put(r.key(), RetiredRun.parseFrom(r.value()));
        } catch (InvalidProtocolBufferException e) {
            LOG.warn(
                    "retired runs: record {} is not a RetiredRun, ignored: {}",
                    r.key(),
                    e.getMessage());
        }
    }

    /**
     * The retirement of {@code runId} as the topic holds it now, or null: read to its end once (for
     * a run that starts again under the same id).
     */
    static Map<Integer, Long> of(KafkaSettings kafka, Topics topics, String runId) {
        Map<String, RetiredRun> all = new ConcurrentHashMap<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            readToEnd(c, topics, all);
        }
        RetiredRun m = all.get(runId);
        return m == null ? null : m.getTaskEndOffsetsMap();
    }

    /** Assigns the topic's partitions to {@code c} and applies every record up to the end now. */
    private static void readToEnd(
            KafkaConsumer<String, byte[]> c, Topics topics, Map<String, RetiredRun> runs) {
        List<TopicPartition> parts =
                TopicScan.partitions(c.partitionsFor(topics.retiredRuns(), TIMEOUT));
        TopicScan.assignFromStart(c, parts);
        TopicScan.toEnd(c, parts, TIMEOUT, r -> apply(runs, r));
    }

    /**
     * Retires {@code runId}: records the tasks topic's end offsets now. Call it only after every
     * task the run sent has been acknowledged.
     */
    static void retire(
            KafkaProducer<String, byte[]> producer,
            KafkaConsumer<String, byte[]> consumer,
            Topics topics,
            String runId) {
        RetiredRun.Builder marker = marker(consumer, topics, runId);
        try {
            producer.send(
                            new ProducerRecord<>(
                                    topics.retiredRuns(), runId, marker.build().toByteArray()))
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // Not fatal: the workers then play the queued tasks, as before there were markers.
            LOG.warn("tournament {}: could not retire its queued tasks: {}", runId, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The marker of {@code runId}: the end offsets now of the self-play, train and eval tasks
     * topics (a run id has tasks on one of them).
     */
    static RetiredRun.Builder marker(
            KafkaConsumer<String, byte[]> consumer, Topics topics, String runId) {
        RetiredRun.Builder marker = RetiredRun.newBuilder().setRunId(runId);
        ends(consumer, topics.tasks()).forEach(marker::putTaskEndOffsets);
        ends(consumer, topics.trainTasks()).forEach(marker::putTrainTaskEndOffsets);
        ends(consumer, topics.evalTasks()).forEach(marker::putEvalTaskEndOffsets);
        Instant now = Instant.now();
        marker.setRetiredAt(
                Timestamp.newBuilder().setSeconds(now.getEpochSecond()).setNanos(now.getNano()));
        return marker;
    }

    /** Partition -> end offset of {@code topic} now; empty when the topic does not exist. */
    private static Map<Integer, Long> ends(KafkaConsumer<String, byte[]> consumer, String topic) {
        List<PartitionInfo> infos = consumer.partitionsFor(topic, TIMEOUT);
        Map<Integer, Long> out = new TreeMap<>();
        if (infos != null && !infos.isEmpty()) {
            consumer.endOffsets(TopicScan.partitions(infos), TIMEOUT)
                    .forEach((tp, o) -> out.put(tp.partition(), o));
        }
        return out;
    }

    @Override
    public void close() {
        closed = true;
        consumer.wakeup();
        try {
            reader.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
