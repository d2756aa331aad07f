package dev.joseki.selfplay;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/** Per-test topic names on the shared broker, and waiting for committed records. */
public final class TopicsForTest {
    private TopicsForTest() {}

    public static Topics named(String prefix, int taskPartitions, int gamePartitions) {
        return new Topics(
                prefix + ".tasks",
                prefix + ".games",
                prefix + ".dlq",
                prefix + ".eval.tasks",
                prefix + ".evals",
                prefix + ".train.tasks",
                prefix + ".train.games",
                prefix + ".train.positions",
                taskPartitions,
                gamePartitions);
    }

    /**
     * Polls the games topic (read_committed) until it holds at least {@code n} records; fails after
     * the time-out.
     */
    static List<GameRecord> awaitGames(KafkaSettings kafka, Topics topics, int n, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<GameRecord> all = List.of();
        while (System.nanoTime() < deadline) {
            all = SelfPlayRun.readAll(kafka, topics);
            if (all.size() >= n) {
                return all;
            }
            Thread.sleep(500);
        }
        throw new AssertionError(
                "only " + all.size() + " of " + n + " game records after " + timeout);
    }

    /** All committed records of the dead-letter topic (single partition). */
    static List<ConsumerRecord<String, byte[]>> deadLetters(KafkaSettings kafka, Topics topics) {
        Properties p = kafka.consumer(null);
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(p)) {
            TopicPartition tp = new TopicPartition(topics.deadLetter(), 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long end = c.endOffsets(List.of(tp)).get(tp);
            while (c.position(tp) < end) {
                c.poll(Duration.ofMillis(200)).forEach(out::add);
            }
        }
        return out;
    }

    /**
     * A one-game self-play task between two players, capped at maxPlies, sent with {@link
     * #sendTask}.
     */
    static SelfPlayTask oneGame(
            String id, Player black, Player white, Limits limits, int maxPlies) {
        return SelfPlayTask.newBuilder()
                .setTaskId(id)
                .setBlack(black)
                .setWhite(white)
                .setLimits(limits)
                .setGames(1)
                .setMaxPlies(maxPlies)
                .build();
    }

    static void sendTask(KafkaSettings kafka, Topics topics, SelfPlayTask t) throws Exception {
        sendRaw(kafka, topics.tasks(), t.getTaskId(), t.toByteArray());
    }

    public static void sendRaw(KafkaSettings kafka, String topic, String key, byte[] value)
            throws Exception {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null))) {
            p.send(new ProducerRecord<>(topic, key, value)).get();
        }
    }

    /** One record on one partition (e.g. a chunk written again on the engines topic). */
    static void sendRaw(KafkaSettings kafka, String topic, int partition, String key, byte[] value)
            throws Exception {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null))) {
            p.send(new ProducerRecord<>(topic, partition, key, value)).get();
        }
    }
}
