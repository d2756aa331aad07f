package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KafkaBrokerExtension.class)
class TopicScanTest {
    @Test
    void aScanHandsOverEveryRecordTheTopicHeldWhenItStarted(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("scan");
        topics.ensure(kafka);
        for (String k : List.of("a", "b", "c", "d", "e")) {
            TopicsForTest.sendRaw(kafka, topics.games(), k, k.getBytes(StandardCharsets.UTF_8));
        }
        List<String> keys = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            List<TopicPartition> parts = TopicScan.partitions(c.partitionsFor(topics.games()));
            assertThat(parts).hasSizeGreaterThan(1);
            TopicScan.assignFromStart(c, parts);
            assertThat(TopicScan.toEnd(c, parts, Duration.ofSeconds(30), r -> keys.add(r.key())))
                    .isTrue();
        }
        assertThat(keys).containsExactlyInAnyOrder("a", "b", "c", "d", "e");
    }

    @Test
    void anEmptyTopicIsScannedAtOnce(KafkaBroker broker) {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("scan-empty");
        topics.ensure(kafka);
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            List<TopicPartition> parts = TopicScan.partitions(c.partitionsFor(topics.evals()));
            assertThat(parts).isNotEmpty();
            TopicScan.assignFromStart(c, parts);
            assertThat(TopicScan.toEnd(c, parts, null, r -> {})).isTrue();
        }
    }
}
