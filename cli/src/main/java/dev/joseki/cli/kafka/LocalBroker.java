package dev.joseki.cli.kafka;

import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * --local: run a command's Kafka work on an embedded broker with workers in this process instead of
 * the cluster that --bootstrap-servers names (picocli {@code @Mixin} of the commands that enqueue
 * tasks and wait for them). The two options exclude each other.
 */
public final class LocalBroker {
    @Option(
            names = "--local",
            description =
                    "Run on an embedded broker with workers in this process (implies --wait).")
    public boolean local;

    /** Refuses --local together with --bootstrap-servers (bad usage, one line). */
    public void check(KafkaOptions kafka) {
        check(local, kafka);
    }

    /** The embedded broker with --local, else the cluster of {@code kafka}; checks first. */
    public KafkaConnection open(KafkaOptions kafka, PrintWriter err) throws IOException {
        return open(local, kafka, err);
    }

    /** As {@link #check(KafkaOptions)}, for a command that declares --local itself. */
    public static void check(boolean local, KafkaOptions kafka) {
        if (local && kafka.bootstrapServers != null) {
            throw new IllegalArgumentException(
                    "--local runs its own broker: give --local or --bootstrap-servers, not both");
        }
    }

    /** As {@link #open(KafkaOptions, PrintWriter)}, for a command that declares --local itself. */
    public static KafkaConnection open(boolean local, KafkaOptions kafka, PrintWriter err)
            throws IOException {
        check(local, kafka);
        return local ? KafkaConnection.openEmbedded(kafka, err) : KafkaConnection.open(kafka, err);
    }
}
