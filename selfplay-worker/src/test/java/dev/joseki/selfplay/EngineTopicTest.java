package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.EngineManifest;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Publishing on a real broker: chunks under the message size, idempotence, names. */
@ExtendWith(KafkaBrokerExtension.class)
class EngineTopicTest {
    private static Map<TopicPartition, Long> ends(KafkaSettings kafka, String topic) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            return c.endOffsets(
                    List.of(
                            new TopicPartition(topic, EngineTopic.META),
                            new TopicPartition(topic, EngineTopic.CHUNKS)));
        }
    }

    @Test
    void publishingTheSameFilesAgainWritesNothing(KafkaBroker broker, @TempDir Path dir)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = TopicsForTest.named("engines-idem", 1, 1);
        topics.ensure(kafka);
        EngineTopic topic = new EngineTopic(kafka, topics.engines());
        // 1.5 MiB + 1 byte: three chunks of 512 KiB and one of a byte
        ArtifactFiles files =
                TestArtifacts.blob(dir.resolve("a"), 3 * EngineTopic.CHUNK_BYTES + 1, 1);

        EngineTopic.Published first = topic.publish(files, "blob", Instant.now());
        assertThat(first.newContent()).isTrue();
        assertThat(first.newName()).isTrue();
        Map<TopicPartition, Long> after = ends(kafka, topics.engines());
        // manifest + name on the small partition, 4 chunks on the other
        assertThat(after.get(new TopicPartition(topics.engines(), EngineTopic.META))).isEqualTo(2);
        assertThat(after.get(new TopicPartition(topics.engines(), EngineTopic.CHUNKS)))
                .isEqualTo(4);

        ArtifactFiles again =
                TestArtifacts.blob(dir.resolve("b"), 3 * EngineTopic.CHUNK_BYTES + 1, 1);
        EngineTopic.Published second = topic.publish(again, "blob", Instant.now());
        assertThat(second.newContent()).isFalse();
        assertThat(second.newName()).isFalse();
        assertThat(second.manifest().getHash()).isEqualTo(first.manifest().getHash());
        assertThat(ends(kafka, topics.engines())).isEqualTo(after);

        // the same bytes under a second name: one name record, no chunk
        EngineTopic.Published alias = topic.publish(again, "blob-alias", Instant.now());
        assertThat(alias.newContent()).isFalse();
        assertThat(alias.newName()).isTrue();
        assertThat(ends(kafka, topics.engines()).get(new TopicPartition(topics.engines(), 1)))
                .isEqualTo(4);
    }

    @Test
    void aNameResolvesToItsLatestPublication(KafkaBroker broker, @TempDir Path dir)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = TopicsForTest.named("engines-names", 1, 1);
        topics.ensure(kafka);
        EngineTopic topic = new EngineTopic(kafka, topics.engines());
        ArtifactFiles v1 = TestArtifacts.blob(dir.resolve("v1"), 100, 1);
        ArtifactFiles v2 = TestArtifacts.blob(dir.resolve("v2"), 100, 2);
        topic.publish(v1, "e", Instant.parse("2026-11-29T01:00:00Z"));
        topic.publish(v2, "e", Instant.parse("2026-11-29T02:00:00Z"));

        EngineManifest latest = topic.resolve("e");
        assertThat(latest.getHash()).isEqualTo(v2.hash());
        assertThat(latest.getPublishedAt().getSeconds())
                .isEqualTo(Instant.parse("2026-11-29T02:00:00Z").getEpochSecond());
        assertThat(topic.catalog().byHash()).containsKeys(v1.hash(), v2.hash());
        assertThatThrownBy(() -> topic.resolve("none"))
                .isInstanceOf(ArtifactException.class)
                .hasMessage(
                        "no engine named 'none' on "
                                + topics.engines()
                                + " (see ./joseki engine list)");
    }
}
