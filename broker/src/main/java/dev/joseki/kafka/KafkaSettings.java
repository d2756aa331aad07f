package dev.joseki.kafka;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * How to reach the cluster, and every Kafka client setting of the project: bootstrap servers plus
 * arbitrary client properties (SASL, TLS, time-outs…) that are passed through unchanged to every
 * producer, consumer, admin client and Spark Kafka source. The settings that exactly-once depends
 * on (isolation level, auto commit, idempotence, serialisers) are always ours and override the
 * user's. Overriding rather than refusing: a client file is often shared with other tools (a
 * site-wide client.properties with acks=1 or read_uncommitted for a dashboard), and the project has
 * exactly one safe value for each of these, so there is nothing else the user could mean here;
 * refusing would only make such files unusable.
 *
 * <p>Secret values (the settings Kafka itself types as passwords: {@code sasl.jaas.config}, {@code
 * ssl.truststore.password}, ...) never appear in {@link #toString()}, so no log line, error message
 * or record that prints the settings can leak them.
 *
 * <p>Invariant: every reader of the project (workers reading tasks, {@code selfplay --wait} and
 * tournaments reading games, the book builder) reads {@code read_committed}, so records of aborted
 * or still open transactions are never seen, and end offsets are last stable offsets.
 */
public record KafkaSettings(String bootstrapServers, Map<String, String> clientProperties) {
    public static final String READ_COMMITTED = "read_committed";

    /** Consumer settings that Spark's Kafka source manages itself and rejects when given. */
    private static final Set<String> SPARK_MANAGED =
            Set.of(
                    ConsumerConfig.GROUP_ID_CONFIG,
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                    ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                    ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG);

    public KafkaSettings {
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrap servers must be given");
        }
        clientProperties = Map.copyOf(clientProperties);
    }

    /**
     * Whether Kafka types {@code key} as a password in any of its clients' settings (the values its
     * own config logs print as {@code [hidden]}). Such values belong in a --kafka-config file: a
     * command line is readable by every user of the machine ({@code ps}).
     */
    public static boolean isSecret(String key) {
        for (ConfigDef def :
                new ConfigDef[] {
                    ProducerConfig.configDef(),
                    ConsumerConfig.configDef(),
                    AdminClientConfig.configDef()
                }) {
            ConfigDef.ConfigKey k = def.configKeys().get(key);
            if (k != null && k.type == ConfigDef.Type.PASSWORD) {
                return true;
            }
        }
        return false;
    }

    /** The settings with every secret value replaced by {@code [hidden]}. */
    @Override
    public String toString() {
        return "KafkaSettings[bootstrapServers="
                + bootstrapServers
                + ", clientProperties={"
                + clientProperties.entrySet().stream()
                        .sorted(Map.Entry.comparingByKey())
                        .map(
                                e ->
                                        e.getKey()
                                                + "="
                                                + (isSecret(e.getKey())
                                                        ? "[hidden]"
                                                        : e.getValue()))
                        .collect(Collectors.joining(", "))
                + "}]";
    }

    public static KafkaSettings of(String bootstrapServers) {
        return new KafkaSettings(bootstrapServers, Map.of());
    }

    /**
     * Reads a Java properties file of client settings (e.g. security.protocol, sasl.jaas.config).
     */
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
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, READ_COMMITTED);
        p.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class.getName());
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

    /**
     * The options of Spark's Kafka source ({@code kafka.}-prefixed client settings),
     * read_committed: a batch read between offsets that are last stable offsets never waits for nor
     * sees an open or aborted transaction. Settings that Spark manages itself are left out.
     */
    public Map<String, String> sparkSourceOptions() {
        Map<String, String> m = new LinkedHashMap<>();
        clientProperties.forEach(
                (k, v) -> {
                    if (!SPARK_MANAGED.contains(k)) {
                        m.put("kafka." + k, v);
                    }
                });
        m.put("kafka." + CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        m.put("kafka." + ConsumerConfig.ISOLATION_LEVEL_CONFIG, READ_COMMITTED);
        return m;
    }

    private Properties base() {
        Properties p = new Properties();
        p.putAll(clientProperties);
        p.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return p;
    }
}
