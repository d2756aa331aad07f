package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.infra.KafkaBroker;
import dev.joseki.infra.KafkaBrokerExtension;
import dev.joseki.infra.KafkaSettings;
import dev.joseki.infra.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An open transaction holds back the last stable offset of its partition, so read-committed readers see
 * nothing after it; the sweep must abort it and let them through. The transaction here is merely left
 * open by a producer with a long time-out, which blocks readers exactly as a hanging one does.
 */
@ExtendWith(KafkaBrokerExtension.class)
class HangingTransactionsTest {

    @Test
    void sweepAbortsAStaleOpenTransactionAndUnblocksCommittedReaders(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = TopicsForTest.named("hang", 1, 1);
        topics.ensure(kafka);
        TopicPartition games = new TopicPartition(topics.games(), 0);

        Properties p = kafka.producer("hang-test-producer");
        p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, "600000");
        try (KafkaProducer<String, byte[]> open = new KafkaProducer<>(p)) {
            open.initTransactions();
            open.beginTransaction();
            open.send(new ProducerRecord<>(topics.games(), "open", new byte[] {1})).get();
            TopicsForTest.sendRaw(kafka, topics.games(), "plain", new byte[] {2}); // behind the open one

            assertThat(lastStableOffset(kafka, games)).isZero();
            assertThat(HangingTransactions.sweep(kafka, topics, Duration.ofHours(1))).as("fresh: left alone").isZero();

            Thread.sleep(2500);
            assertThat(HangingTransactions.sweep(kafka, topics, Duration.ofSeconds(2))).isEqualTo(1);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (lastStableOffset(kafka, games) < 2 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(lastStableOffset(kafka, games)).as("the plain record is visible again").isGreaterThanOrEqualTo(2);
        }
    }

    private static long lastStableOffset(KafkaSettings kafka, TopicPartition tp) {
        Properties c = kafka.consumer(null);
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(c)) {
            Map<TopicPartition, Long> end = consumer.endOffsets(List.of(tp));
            return end.get(tp);
        }
    }
}
