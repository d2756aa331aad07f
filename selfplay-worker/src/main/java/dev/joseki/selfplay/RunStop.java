package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.RetiredRun;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * Stopping a run from outside the process that runs it (./joseki run stop, the serve page's stop
 * button): its queued tasks are retired exactly as when its SPRT decides ({@link RetiredRuns}), so
 * the workers commit them unplayed; the process that runs it follows the retired-runs topic with
 * {@link #watch} and ends as if interrupted, writing its report of the games finished.
 */
public final class RunStop implements AutoCloseable {
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration LOOKUP = Duration.ofSeconds(15);
    private static final String TASKS_SUFFIX = ".selfplay.tasks";

    /** The end of a task id after its run's id: "-7", "-g12", "-b3". */
    private static final Pattern TASK_NUMBER = Pattern.compile("-[a-z]?[0-9]+$");

    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread reader;
    private final String runId;
    private final Instant since;
    private volatile boolean requested;
    private volatile boolean closed;

    private RunStop(KafkaSettings kafka, Topics topics, String runId, Instant since) {
        this.runId = runId;
        this.since = since;
        consumer = new KafkaConsumer<>(kafka.consumer(null));
        reader = new Thread(() -> follow(topics), "run-stop-" + runId);
        reader.setDaemon(true);
    }

    /**
     * Retires {@code runId}'s queued tasks now; IllegalArgumentException when no run was ever
     * started under these topics (a wrong --topic-prefix: without the check the send would wait a
     * minute for a topic that never comes) or none of that id (a mistyped id: without the check it
     * was reported stopped and nothing stopped), IllegalStateException when the broker did not take
     * the marker.
     */
    public static void stop(KafkaSettings kafka, Topics topics, String runId) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null));
                KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null))) {
            Set<String> present = c.listTopics(LOOKUP).keySet();
            if (!present.contains(topics.retiredRuns())) {
                throw new IllegalArgumentException(noRuns(kafka, topics, present));
            }
            Set<String> runs = runIds(kafka, topics, present, runId);
            if (!runs.contains(runId)) {
                throw new IllegalArgumentException(unknownRun(kafka, topics, runId, runs));
            }
            RetiredRun marker = RetiredRuns.marker(c, topics, runId).build();
            p.send(new ProducerRecord<>(topics.retiredRuns(), runId, marker.toByteArray()))
                    .get(15, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException | KafkaException e) {
            throw new IllegalStateException(
                    "cannot stop run " + runId + ": the broker did not take the marker: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping run " + runId, e);
        }
    }

    /**
     * "no run to stop under topic prefix P on ADDR (no topic T); runs are under: Q, R" where Q, R
     * are the prefixes whose retired-runs topic the broker has.
     */
    static String noRuns(KafkaSettings kafka, Topics topics, Set<String> present) {
        String suffix = topics.retiredRuns().substring(prefixOf(topics).length());
        List<String> others =
                present.stream()
                        .filter(t -> t.endsWith(suffix) && t.length() > suffix.length())
                        .map(t -> t.substring(0, t.length() - suffix.length()))
                        .sorted()
                        .toList();
        return "no run to stop under topic prefix '"
                + prefixOf(topics)
                + "' on "
                + kafka.bootstrapServers()
                + " (no topic "
                + topics.retiredRuns()
                + "); "
                + (others.isEmpty()
                        ? "the broker has no runs under any prefix"
                        : "runs are under --topic-prefix " + String.join(", ", others));
    }

    /**
     * The ids of the runs started under these topics, as far as it takes to tell whether {@code
     * runId} is one: the runs topic's keys first (one small compacted record a run); only when the
     * id is not among them, the runs of the tasks on the three task topics too (every task id is
     * its run's id, a dash and a number, optionally after one letter), as the runs record is
     * written best-effort, just before the run's tasks on the same broker. A run with neither has
     * nothing queued to stop.
     */
    static Set<String> runIds(
            KafkaSettings kafka, Topics topics, Set<String> present, String runId) {
        Set<String> ids = new TreeSet<>();
        scan(kafka, present, topics.runs(), ids::add);
        if (!ids.contains(runId)) {
            for (String topic : List.of(topics.tasks(), topics.trainTasks(), topics.evalTasks())) {
                scan(
                        kafka,
                        present,
                        topic,
                        key -> ids.add(TASK_NUMBER.matcher(key).replaceFirst("")));
            }
        }
        return ids;
    }

    /** Hands every record key of topic, when the broker has the topic, to each. */
    private static void scan(
            KafkaSettings kafka, Set<String> present, String topic, Consumer<String> each) {
        if (present.contains(topic)) {
            TopicScan.all(
                    kafka,
                    topic,
                    r -> {
                        if (r.key() != null) {
                            each.accept(r.key());
                        }
                    });
        }
    }

    /**
     * "no run 'ID' under topic prefix P on ADDR; runs there: A, B (N in all)", the first ten by
     * name.
     */
    static String unknownRun(KafkaSettings kafka, Topics topics, String runId, Set<String> runs) {
        List<String> shown = runs.stream().sorted().limit(10).toList();
        return "no run '"
                + runId
                + "' under topic prefix '"
                + prefixOf(topics)
                + "' on "
                + kafka.bootstrapServers()
                + "; "
                + (runs.isEmpty()
                        ? "no run was started there"
                        : "runs there: "
                                + String.join(", ", shown)
                                + (runs.size() > shown.size()
                                        ? " (" + runs.size() + " in all)"
                                        : ""));
    }

    /** The topic prefix: the self-play tasks topic's name without its ".selfplay.tasks". */
    private static String prefixOf(Topics topics) {
        String tasks = topics.tasks();
        return tasks.endsWith(TASKS_SUFFIX)
                ? tasks.substring(0, tasks.length() - TASKS_SUFFIX.length())
                : tasks;
    }

    /**
     * Follows the retired-runs topic in a background thread until closed: {@link #requested()}
     * turns true once {@code runId} is retired at or after {@code since} (an older retirement is an
     * earlier run's of the same id).
     */
    public static RunStop watch(KafkaSettings kafka, Topics topics, String runId, Instant since) {
        RunStop s = new RunStop(kafka, topics, runId, since);
        s.reader.start();
        return s;
    }

    public boolean requested() {
        return requested;
    }

    private void follow(Topics topics) {
        try {
            List<TopicPartition> parts = List.of();
            while (parts.isEmpty() && !closed) {
                try {
                    parts = TopicScan.partitions(consumer.partitionsFor(topics.retiredRuns()));
                } catch (KafkaException e) {
                    Thread.sleep(POLL.toMillis()); // the broker is away: try again
                }
            }
            TopicScan.assignFromStart(consumer, parts);
            while (!closed && !requested) {
                try {
                    for (ConsumerRecord<String, byte[]> r : consumer.poll(POLL)) {
                        requested |= stops(r);
                    }
                } catch (WakeupException e) {
                    return;
                } catch (KafkaException e) {
                    Thread.sleep(POLL.toMillis());
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

    private boolean stops(ConsumerRecord<String, byte[]> r) {
        if (!runId.equals(r.key()) || r.value() == null) {
            return false;
        }
        try {
            RetiredRun m = RetiredRun.parseFrom(r.value());
            return !Instant.ofEpochSecond(
                            m.getRetiredAt().getSeconds(), m.getRetiredAt().getNanos())
                    .isBefore(since);
        } catch (InvalidProtocolBufferException e) {
            return false;
        }
    }

    @Override
    public void close() {
        closed = true;
        consumer.wakeup();
        try {
            reader.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
