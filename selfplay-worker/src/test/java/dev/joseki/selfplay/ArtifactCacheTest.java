package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Fetching, checking and keeping published engines, against a real broker. */
@ExtendWith(KafkaBrokerExtension.class)
class ArtifactCacheTest {
    private static EngineTopic topic(KafkaBroker broker, String prefix) {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = TopicsForTest.named(prefix, 1, 1);
        topics.ensure(kafka);
        return new EngineTopic(kafka, topics.engines());
    }

    @Test
    void aFetchedArtifactHasEveryFileByteForByteAndItsModes(KafkaBroker broker, @TempDir Path dir)
            throws Exception {
        EngineTopic topic = topic(broker, "cache-fetch");
        Path src = ArtifactHashTest.twoFiles(dir.resolve("src"));
        // a data file of two chunks and a bit, beside the two small files
        byte[] big = new byte[2 * EngineTopic.CHUNK_BYTES + 7];
        new java.util.Random(5).nextBytes(big);
        Files.write(src.resolve("eval/big.bin"), big);
        ArtifactFiles files = ArtifactFiles.collect(java.util.List.of(src), "engine.sh");
        topic.publish(files, "two", Instant.now());

        ArtifactCache cache = new ArtifactCache(dir.resolve("cache"), 4);
        ArtifactCache.Installed in = cache.acquire(files.hash(), topic);
        assertThat(in.dir()).isEqualTo(dir.resolve("cache").resolve(files.hash()));
        assertThat(in.executable()).isEqualTo(in.dir().resolve("engine.sh"));
        assertThat(Files.readString(in.executable())).isEqualTo("#!/bin/sh\nexec cat\n");
        assertThat(Files.isExecutable(in.executable())).isTrue();
        assertThat(Files.isExecutable(in.dir().resolve("eval/nn.bin"))).isFalse();
        assertThat(Files.readAllBytes(in.dir().resolve("eval/big.bin"))).isEqualTo(big);
        assertThat(cache.held()).containsExactly(files.hash());
    }

    @Test
    void anAlteredChunkIsRefusedAndNothingIsInstalled(KafkaBroker broker, @TempDir Path dir)
            throws Exception {
        EngineTopic topic = topic(broker, "cache-altered");
        ArtifactFiles files =
                TestArtifacts.blob(dir.resolve("src"), EngineTopic.CHUNK_BYTES + 10, 3);
        topic.publish(files, "blob", Instant.now());
        // the second chunk written again under its key with other bytes of the same length
        TopicsForTest.sendRaw(
                KafkaSettings.of(broker.bootstrapServers()),
                topic.topic(),
                EngineTopic.CHUNKS,
                EngineTopic.chunkKey(files.hash(), 0, 1),
                new byte[10]);

        ArtifactCache cache = new ArtifactCache(dir.resolve("cache"), 4);
        assertThatThrownBy(() -> cache.acquire(files.hash(), topic))
                .isInstanceOf(ArtifactException.class)
                .hasMessageStartingWith("artifact " + files.hash() + ": engine.bin does not match")
                .hasMessageEndingWith("refused, not run");
        assertThat(dir.resolve("cache").resolve(files.hash())).doesNotExist();
        assertThat(cache.held()).isEmpty();
        try (var left = Files.list(dir.resolve("cache"))) {
            assertThat(left).as("no fetch directory left behind").isEmpty();
        }
    }

    @Test
    void aMissingArtifactIsRefused(KafkaBroker broker, @TempDir Path dir) {
        EngineTopic topic = topic(broker, "cache-missing");
        String absent = "ab".repeat(32);
        ArtifactCache cache = new ArtifactCache(dir.resolve("cache"), 4);
        assertThatThrownBy(() -> cache.acquire(absent, topic))
                .isInstanceOf(ArtifactException.class)
                .hasMessage("no artifact " + absent + " on " + topic.topic());
    }

    @Test
    void theCacheKeepsTheMostRecentlyUsedAndNeverOneInUse(KafkaBroker broker, @TempDir Path dir)
            throws Exception {
        EngineTopic topic = topic(broker, "cache-lru");
        ArtifactFiles[] v = new ArtifactFiles[4];
        for (int i = 0; i < v.length; i++) {
            v[i] = TestArtifacts.blob(dir.resolve("v" + i), 64, i);
            topic.publish(v[i], "e", Instant.now());
        }
        ArtifactCache cache = new ArtifactCache(dir.resolve("cache"), 2);
        cache.acquire(v[0].hash(), topic); // held by an engine, never released
        cache.acquire(v[1].hash(), topic);
        cache.release(v[1].hash());
        cache.acquire(v[2].hash(), topic);
        cache.release(v[2].hash());
        // keep 2: v2 and v1 are the latest used, v0 is older but in use
        assertThat(cache.held()).containsExactly(v[2].hash(), v[1].hash(), v[0].hash());
        cache.acquire(v[3].hash(), topic);
        cache.release(v[3].hash());
        // v1 is the least recently used one not in use
        assertThat(cache.held()).containsExactly(v[3].hash(), v[2].hash(), v[0].hash());
        assertThat(dir.resolve("cache").resolve(v[1].hash())).doesNotExist();
        cache.release(v[0].hash());
        cache.acquire(v[2].hash(), topic); // a use of v2, the next eviction takes v0
        assertThat(cache.held()).containsExactly(v[2].hash(), v[3].hash());
    }
}
