package dev.joseki.selfplay;

import com.google.protobuf.MessageLite;
import dev.joseki.kafka.KafkaSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Sends a batch of tasks (self-play or evaluation) to their task topic with the idempotent producer
 * (acks=all), spread over the members of the workers' group by {@link TaskPlacement}, each keyed by
 * its task id; returns when every task is acknowledged. A task sent twice is harmless: workers
 * settle tasks exactly once by id.
 */
final class TaskPublisher {
    private TaskPublisher() {}

    /** what names the tasks in errors ("tasks", "eval tasks"). */
    static <T extends MessageLite> void publish(
            KafkaSettings kafka,
            String topic,
            String groupId,
            List<T> tasks,
            Function<T, String> taskId,
            String what) {
        List<Integer> order =
                TaskPlacement.order(
                        SelfPlayRun.memberPartitions(kafka, topic, groupId),
                        SelfPlayRun.partitionCount(kafka, topic));
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null))) {
            List<Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < tasks.size(); i++) {
                T t = tasks.get(i);
                sent.add(
                        p.send(
                                new ProducerRecord<>(
                                        topic,
                                        order.get(i % order.size()),
                                        taskId.apply(t),
                                        t.toByteArray())));
            }
            p.flush();
            for (Future<?> f : sent) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "publishing " + what + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing " + what, e);
        }
    }
}
