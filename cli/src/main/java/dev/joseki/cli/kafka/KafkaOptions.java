package dev.joseki.cli.kafka;

import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The Kafka flags shared by commands that need a cluster (mixed into each). */
public final class KafkaOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(
            names = "--bootstrap-servers",
            paramLabel = "HOST:PORT[,...]",
            description =
                    "Kafka cluster (env JOSEKI_BOOTSTRAP_SERVERS). Default: the local cluster if it"
                            + " runs, else an embedded broker for the duration of the command.")
    public String bootstrapServers;

    @Option(
            names = "--kafka-property",
            paramLabel = "KEY=VALUE",
            description = {
                "Client property passed to every producer, consumer and admin client; repeatable.",
                "Not for secrets (passwords, sasl.jaas.config): a command line is visible to every"
                        + " user (ps); use --kafka-config."
            })
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(
            names = "--kafka-config",
            paramLabel = "FILE",
            description =
                    "Java properties file of client settings (security.protocol, sasl.jaas.config,"
                        + " ssl.truststore.*...): the place for secrets; --kafka-property wins over"
                        + " it.")
    Path configFile;

    @Option(
            names = "--topic-prefix",
            defaultValue = "joseki",
            description =
                    "Topics PREFIX.selfplay.tasks, PREFIX.games, PREFIX.selfplay.tasks.dlq,"
                            + " PREFIX.selfplay.tasks.retired, PREFIX.eval.tasks, PREFIX.evals,"
                            + " PREFIX.engines (default: ${DEFAULT-VALUE}).")
    String topicPrefix;

    @Option(
            names = "--task-partitions",
            paramLabel = "N",
            description =
                    "Partitions of each task topic, created or grown to N (never shrunk): at least"
                            + " the worker slots of the group, which leaves slots beyond it idle"
                            + " (default: ${DEFAULT-VALUE}).")
    int taskPartitions = Topics.DEFAULT_TASK_PARTITIONS;

    @Option(
            names = "--group",
            defaultValue = "joseki-selfplay-workers",
            description = "Consumer group of the workers (default: ${DEFAULT-VALUE}).")
    public String group;

    Map<String, String> clientProperties() throws IOException {
        Map<String, String> all = new LinkedHashMap<>();
        if (configFile != null) {
            all.putAll(KafkaSettings.readPropertiesFile(configFile));
        }
        all.putAll(properties);
        return all;
    }

    /**
     * Keys of secret settings (see {@link KafkaSettings#isSecret}) typed on the command line
     * itself.
     */
    List<String> secretsOnCommandLine() {
        boolean typed =
                command != null
                        && command.commandLine() != null
                        && command.commandLine().getParseResult() != null
                        && command.commandLine()
                                .getParseResult()
                                .hasMatchedOption("--kafka-property");
        return typed
                ? properties.keySet().stream().filter(KafkaSettings::isSecret).toList()
                : List.of();
    }

    public Topics topics() {
        if (taskPartitions < 1) {
            throw new CommandFailure(ExitCodes.USAGE, "--task-partitions must be at least 1");
        }
        return Topics.withPrefix(topicPrefix, taskPartitions);
    }
}
