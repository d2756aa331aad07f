package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Timestamp;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.records.proto.EngineFile;
import dev.joseki.records.proto.EngineManifest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * The engines topic ({@code PREFIX.engines}, compacted, {@link dev.joseki.kafka.Topics}): published
 * engines, each file cut in chunks under the broker's message size. Two partitions: {@link #META}
 * holds a manifest per artifact hash ({@code manifest/HASH}) and the latest publication of each
 * name ({@code name/NAME}, the manifest with name and time), small enough to read whole; {@link
 * #CHUNKS} holds the bytes, {@code chunk/HASH/FILE/INDEX}, which a reader reads from the manifest's
 * first chunk offset on (compaction keeps the offsets of the records it keeps). Compaction keeps
 * the latest record of a key, so a chunk written again under the same key replaces the first for
 * every later reader: the worker checks every file's SHA-256 after fetching ({@link ArtifactCache})
 * and refuses what does not match.
 */
public final class EngineTopic {
    static final int META = 0;
    static final int CHUNKS = 1;

    /** Half the broker's default max.message.bytes (1 MiB), leaving room for key and headers. */
    public static final int CHUNK_BYTES = 512 * 1024;

    private static final Duration SCAN_LIMIT = Duration.ofSeconds(60);

    private final KafkaSettings kafka;
    private final String topic;

    public EngineTopic(KafkaSettings kafka, String topic) {
        this.kafka = kafka;
        this.topic = topic;
    }

    public String topic() {
        return topic;
    }

    /** What a publication did: the manifest, and whether chunks or a name record were written. */
    public record Published(EngineManifest manifest, boolean newContent, boolean newName) {}

    /** Manifests by artifact hash and the latest publication by name, in name order. */
    public record Catalog(Map<String, EngineManifest> byHash, Map<String, EngineManifest> byName) {}

    static String chunkKey(String hash, int file, int index) {
        return "chunk/" + hash + "/" + file + "/" + index;
    }

    /**
     * Publishes {@code files} under {@code name}. Idempotent: content already on the topic (the
     * same artifact hash) is not written again, and the name record only when the name pointed
     * elsewhere.
     */
    public Published publish(ArtifactFiles files, String name, Instant now) {
        Catalog catalog = catalog();
        EngineManifest manifest = catalog.byHash().get(files.hash());
        boolean newContent = manifest == null;
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null))) {
            if (newContent) {
                long first = writeChunks(p, files);
                manifest =
                        EngineManifest.newBuilder()
                                .setHash(files.hash())
                                .setRun(files.run())
                                .addAllFiles(files.files())
                                .setChunkBytes(CHUNK_BYTES)
                                .setFirstChunkOffset(first)
                                .build();
                send(p, META, "manifest/" + files.hash(), manifest.toByteArray());
            }
            EngineManifest current = catalog.byName().get(name);
            boolean newName = current == null || !current.getHash().equals(files.hash());
            if (newName) {
                manifest =
                        manifest.toBuilder()
                                .setName(name)
                                .setPublishedAt(
                                        Timestamp.newBuilder()
                                                .setSeconds(now.getEpochSecond())
                                                .setNanos(now.getNano()))
                                .build();
                send(p, META, "name/" + name, manifest.toByteArray());
            } else {
                manifest = current;
            }
            return new Published(manifest, newContent, newName);
        }
    }

    /** Sends every file's chunks; the offset of the first (the end offset when there is none). */
    private long writeChunks(KafkaProducer<String, byte[]> p, ArtifactFiles files) {
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        for (int i = 0; i < files.sources().size(); i++) {
            try (InputStream in = Files.newInputStream(files.sources().get(i))) {
                for (int c = 0; ; c++) {
                    byte[] chunk = in.readNBytes(CHUNK_BYTES);
                    if (chunk.length == 0) {
                        break;
                    }
                    sent.add(
                            p.send(
                                    new ProducerRecord<>(
                                            topic, CHUNKS, chunkKey(files.hash(), i, c), chunk)));
                }
            } catch (IOException e) {
                throw new ArtifactException(
                        "cannot read " + files.sources().get(i) + ": " + e.getMessage(), e);
            }
        }
        if (sent.isEmpty()) {
            try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
                TopicPartition tp = new TopicPartition(topic, CHUNKS);
                return c.endOffsets(List.of(tp)).get(tp);
            }
        }
        return await(p, sent.get(0)).offset();
    }

    private void send(KafkaProducer<String, byte[]> p, int partition, String key, byte[] value) {
        await(p, p.send(new ProducerRecord<>(topic, partition, key, value)));
    }

    private static RecordMetadata await(KafkaProducer<String, byte[]> p, Future<RecordMetadata> f) {
        p.flush();
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r
                    ? r
                    : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing an engine", e);
        }
    }

    /** Reads the manifests and names (the small partition) as they stand now. */
    public Catalog catalog() {
        Map<String, EngineManifest> byHash = new LinkedHashMap<>();
        Map<String, EngineManifest> byName = new java.util.TreeMap<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            if (c.partitionsFor(topic).size() <= CHUNKS) {
                throw new ArtifactException("no engines topic " + topic + " on the broker");
            }
            TopicPartition tp = new TopicPartition(topic, META);
            TopicScan.assignFromStart(c, List.of(tp));
            TopicScan.toEnd(
                    c,
                    List.of(tp),
                    SCAN_LIMIT,
                    r -> {
                        boolean isName = r.key().startsWith("name/");
                        String id = r.key().substring(r.key().indexOf('/') + 1);
                        Map<String, EngineManifest> into = isName ? byName : byHash;
                        if (r.value() == null) {
                            into.remove(id);
                        } else {
                            into.put(id, parse(r.value(), r.key()));
                        }
                    });
        }
        return new Catalog(byHash, byName);
    }

    /** The manifest of the latest publication of {@code name}. */
    public EngineManifest resolve(String name) {
        EngineManifest m = catalog().byName().get(name);
        if (m == null) {
            throw new ArtifactException(
                    "no engine named '" + name + "' on " + topic + " (see ./joseki engine list)");
        }
        return m;
    }

    /** The manifest of the artifact {@code hash}. */
    public EngineManifest manifest(String hash) {
        EngineManifest m = catalog().byHash().get(hash);
        if (m == null) {
            throw new ArtifactException("no artifact " + hash + " on " + topic);
        }
        return m;
    }

    /**
     * Writes the files of {@code m} under {@code dir} from their latest chunks, unchecked (the
     * caller checks every hash). ArtifactException when a chunk is missing.
     */
    void fetch(EngineManifest m, Path dir) throws IOException {
        List<FileChannel> out = new ArrayList<>();
        List<BitSet> seen = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            for (EngineFile f : m.getFilesList()) {
                Path target = dir.resolve(f.getPath());
                Files.createDirectories(target.getParent());
                out.add(
                        FileChannel.open(
                                target,
                                StandardOpenOption.CREATE,
                                StandardOpenOption.WRITE,
                                StandardOpenOption.TRUNCATE_EXISTING));
                seen.add(new BitSet());
            }
            TopicPartition tp = new TopicPartition(topic, CHUNKS);
            c.assign(List.of(tp));
            c.seek(tp, m.getFirstChunkOffset());
            String prefix = "chunk/" + m.getHash() + "/";
            IOException[] failed = new IOException[1];
            TopicScan.toEnd(
                    c,
                    List.of(tp),
                    SCAN_LIMIT,
                    r -> {
                        if (failed[0] == null && r.value() != null && r.key().startsWith(prefix)) {
                            failed[0] = write(r, prefix, m, out, seen);
                        }
                    });
            if (failed[0] != null) {
                throw failed[0];
            }
        } finally {
            for (FileChannel ch : out) {
                ch.close();
            }
        }
        for (int i = 0; i < m.getFilesCount(); i++) {
            long size = m.getFiles(i).getSize();
            int chunks = (int) ((size + m.getChunkBytes() - 1) / m.getChunkBytes());
            if (seen.get(i).cardinality() < chunks) {
                throw new ArtifactException(
                        "artifact "
                                + m.getHash()
                                + ": "
                                + (chunks - seen.get(i).cardinality())
                                + " chunk(s) of "
                                + m.getFiles(i).getPath()
                                + " missing on "
                                + topic);
            }
        }
    }

    /** Puts one chunk at its place; an error for a key that names no chunk of the manifest. */
    private static IOException write(
            ConsumerRecord<String, byte[]> r,
            String prefix,
            EngineManifest m,
            List<FileChannel> out,
            List<BitSet> seen) {
        String[] parts = r.key().substring(prefix.length()).split("/");
        try {
            int file = Integer.parseInt(parts[0]), index = Integer.parseInt(parts[1]);
            if (file < 0 || file >= out.size() || index < 0) {
                return new IOException("chunk key out of range: " + r.key());
            }
            out.get(file).write(ByteBuffer.wrap(r.value()), (long) index * m.getChunkBytes());
            seen.get(file).set(index);
            return null;
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return new IOException("not a chunk key: " + r.key());
        } catch (IOException e) {
            return e;
        }
    }

    private static EngineManifest parse(byte[] value, String key) {
        try {
            return EngineManifest.parseFrom(value);
        } catch (InvalidProtocolBufferException e) {
            throw new ArtifactException(
                    "unreadable engine manifest " + key + ": " + e.getMessage());
        }
    }
}
