package dev.joseki.infra;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * How to reach the cluster: bootstrap servers plus arbitrary client properties (SASL, TLS, time-outs…)
 * that are passed through unchanged to every producer, consumer and admin client. The settings that
 * exactly-once depends on (isolation level, auto commit, idempotence, serialisers) are always ours.
 */
public record KafkaSettings(String bootstrapServers, Map<String, String> clientProperties) {
    public KafkaSettings {
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrap servers must be given");
        }
        clientProperties = Map.copyOf(clientProperties);
    }

    public static KafkaSettings of(String bootstrapServers) {
        return new KafkaSettings(bootstrapServers, Map.of());
    }

    /** Reads a Java properties file of client settings (e.g. security.protocol, sasl.jaas.config). */
    public static Map<String, String> readPropertiesFile(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Map<String, String> m = new LinkedHashMap<>();
        p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
        return m;
    }

    public Properties admin() {
        return base();
    }

    /**
     * A consumer of raw bytes keyed by strings. read_committed: records of aborted or still open
     * transactions are never seen.
     */
    public Properties consumer(String groupId) {
        Properties p = base();
        if (groupId != null) {
            p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        }
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return p;
    }

    /** An idempotent producer; transactional when {@code transactionalId} is given. */
    public Properties producer(String transactionalId) {
        Properties p = base();
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        if (transactionalId != null) {
            p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        }
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }

    private Properties base() {
        Properties p = new Properties();
        p.putAll(clientProperties);
        p.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return p;
    }
}
