package dev.joseki.cli;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The Kafka flags shared by commands that need a cluster (mixed into each). */
final class KafkaOptions {
    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT[,...]",
            description = "Kafka cluster (env JOSEKI_BOOTSTRAP_SERVERS). Default: the local cluster if it runs, "
                    + "else an embedded broker for the duration of the command.")
    String bootstrapServers;

    @Option(names = "--kafka-property", paramLabel = "KEY=VALUE",
            description = "Client property passed to every producer, consumer and admin client (SASL, TLS, ...); repeatable.")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--kafka-config", paramLabel = "FILE",
            description = "Java properties file of client settings; --kafka-property wins over it.")
    Path configFile;

    @Option(names = "--topic-prefix", defaultValue = "joseki",
            description = "Topics PREFIX.selfplay.tasks, PREFIX.games, PREFIX.selfplay.tasks.dlq (default: ${DEFAULT-VALUE}).")
    String topicPrefix;

    @Option(names = "--group", defaultValue = "joseki-selfplay-workers",
            description = "Consumer group of the workers (default: ${DEFAULT-VALUE}).")
    String group;

    Map<String, String> clientProperties() throws IOException {
        Map<String, String> all = new LinkedHashMap<>();
        if (configFile != null) {
            all.putAll(KafkaSettings.readPropertiesFile(configFile));
        }
        all.putAll(properties);
        return all;
    }

    Topics topics() {
        return Topics.withPrefix(topicPrefix);
    }
}
