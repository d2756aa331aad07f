package dev.joseki.selfplay.transactions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.TopicsForTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The settlement of a slot's transactions on a real broker: a committed task is reported once, with
 * its records (tagged with the producer's transactional id) and its next offset visible together; a
 * zombie's transaction (group metadata the group no longer knows) is aborted, nothing of it is
 * visible, and its task is handed back to be played again.
 */
@ExtendWith(KafkaBrokerExtension.class)
class TaskTransactionsTest {
    /** What the slot is told. */
    private static final class Told implements TaskTransactions.Outcomes {
        final List<String> events = new ArrayList<>();

        @Override
        public void committed(ConsumerRecord<String, byte[]> task, long games, long evals) {
            events.add(
                    "committed "
                            + task.offset()
                            + " "
                            + games
                            + (evals > 0 ? " evals " + evals : ""));
        }

        @Override
        public void aborted(ConsumerRecord<String, byte[]> task) {
            events.add("aborted " + task.offset());
        }
    }

    /** A consumer in {@code group} that has polled the one task of the tasks topic. */
    private static KafkaConsumer<String, byte[]> consumerWithTask(
            KafkaSettings kafka,
            Topics topics,
            String group,
            List<ConsumerRecord<String, byte[]>> task) {
        var props = kafka.consumer(group);
        props.put("group.protocol", "consumer");
        KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(props);
        c.subscribe(List.of(topics.tasks()));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (task.isEmpty() && System.nanoTime() < deadline) {
            c.poll(Duration.ofMillis(200)).forEach(task::add);
        }
        assertThat(task).hasSize(1);
        return c;
    }

    private static List<ProducerRecord<String, byte[]>> games(Topics topics, String taskId) {
        return List.of(
                new ProducerRecord<>(
                        topics.games(), taskId + "/0", "game 0".getBytes(StandardCharsets.UTF_8)),
                new ProducerRecord<>(
                        topics.games(), taskId + "/1", "game 1".getBytes(StandardCharsets.UTF_8)));
    }

    private static List<ConsumerRecord<String, byte[]>> committedGames(
            KafkaSettings kafka, Topics topics) {
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            TopicPartition tp = new TopicPartition(topics.games(), 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long end = c.endOffsets(List.of(tp)).get(tp);
            while (c.position(tp) < end) {
                c.poll(Duration.ofMillis(200)).forEach(out::add);
            }
        }
        return out;
    }

    private static Map<TopicPartition, OffsetAndMetadata> groupOffsets(
            KafkaSettings kafka, String group) throws Exception {
        try (Admin a = Admin.create(kafka.admin())) {
            return a.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
        }
    }

    @Test
    void aCommittedTaskIsReportedOnceWithItsRecordsAndItsOffsetVisibleTogether(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = TopicsForTest.named("txn-commit", 1, 1);
        topics.ensure(kafka);
        TopicsForTest.sendRaw(kafka, topics.tasks(), "task-a", new byte[0]);
        List<ConsumerRecord<String, byte[]>> task = new ArrayList<>();
        Told told = new Told();
        try (KafkaConsumer<String, byte[]> c =
                        consumerWithTask(kafka, topics, "txn-commit-group", task);
                TaskTransactions t =
                        new TaskTransactions(
                                kafka,
                                topics,
                                "test-slot-a",
                                () -> false,
                                c::groupMetadata,
                                told)) {
            t.open();
            t.publish(task.get(0), games(topics, "task-a"));
            assertThat(told.events).containsExactly("committed 0 2");
            assertThat(t.settle()).isTrue();
            assertThat(told.events).hasSize(1);

            List<ConsumerRecord<String, byte[]>> visible = committedGames(kafka, topics);
            assertThat(visible)
                    .extracting(ConsumerRecord::key)
                    .containsExactly("task-a/0", "task-a/1");
            for (ConsumerRecord<String, byte[]> r : visible) {
                assertThat(
                                new String(
                                        r.headers().lastHeader(TaskTransactions.TXN_HEADER).value(),
                                        StandardCharsets.UTF_8))
                        .isEqualTo("joseki-selfplay-test-slot-a-0");
            }
            assertThat(
                            groupOffsets(kafka, "txn-commit-group")
                                    .get(new TopicPartition(topics.tasks(), 0))
                                    .offset())
                    .isEqualTo(1);
        }
    }

    @Test
    void aZombiesTransactionIsAbortedInvisiblyAndItsTaskHandedBackForReplay(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = TopicsForTest.named("txn-zombie", 1, 1);
        topics.ensure(kafka);
        TopicsForTest.sendRaw(kafka, topics.tasks(), "task-z", new byte[0]);
        List<ConsumerRecord<String, byte[]>> task = new ArrayList<>();
        Told told = new Told();
        // A slot presumed dead: it left the group after taking the task, and another member took
        // over, so its group metadata names a member the group no longer knows (KIP-447 fencing).
        ConsumerGroupMetadata zombie;
        try (KafkaConsumer<String, byte[]> gone =
                consumerWithTask(kafka, topics, "txn-zombie-group", task)) {
            zombie = gone.groupMetadata();
        }
        List<ConsumerRecord<String, byte[]>> again = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> successor =
                consumerWithTask(kafka, topics, "txn-zombie-group", again)) {
            assertThat(successor.groupMetadata().memberId()).isNotEqualTo(zombie.memberId());
            try (TaskTransactions t =
                    new TaskTransactions(
                            kafka, topics, "test-slot-z", () -> false, () -> zombie, told)) {
                t.open();
                KafkaException failure = null;
                try {
                    t.publish(task.get(0), games(topics, "task-z"));
                } catch (KafkaException e) {
                    failure = e;
                }
                assertThat(failure).as("a zombie's commit must fail").isNotNull();
                t.retire(failure);
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                boolean settled = false;
                while (!settled && System.nanoTime() < deadline) {
                    settled = t.settle();
                    Thread.sleep(200);
                }
                assertThat(settled).isTrue();
                assertThat(told.events).containsExactly("aborted 0");
                assertThat(committedGames(kafka, topics)).isEmpty();
                assertThat(groupOffsets(kafka, "txn-zombie-group"))
                        .doesNotContainKey(new TopicPartition(topics.tasks(), 0));
                // The retired producer is not used again: the next transaction has a new
                // transactional id.
                t.open();
                assertThat(t.transactionalId()).isEqualTo("joseki-selfplay-test-slot-z-1");
            }
        }
    }
}
