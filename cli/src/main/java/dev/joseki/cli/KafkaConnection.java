package dev.joseki.cli;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.broker.LocalCluster;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;

/**
 * Where a command's Kafka is: the given bootstrap servers, else the running local cluster, else an
 * embedded broker (a child JVM in a temporary directory) that lives until {@link #close()}.
 */
final class KafkaConnection implements AutoCloseable {
    final KafkaSettings settings;
    private final KafkaBroker embedded;

    private KafkaConnection(KafkaSettings settings, KafkaBroker embedded) {
        this.settings = settings;
        this.embedded = embedded;
    }

    static KafkaConnection open(KafkaOptions o, PrintWriter err) throws IOException {
        Map<String, String> props = o.clientProperties();
        if (o.bootstrapServers != null && !o.bootstrapServers.isBlank()) {
            return new KafkaConnection(new KafkaSettings(o.bootstrapServers, props), null);
        }
        Optional<String> local = LocalCluster.bootstrapIfRunning();
        if (local.isPresent()) {
            err.println("joseki: using the local cluster at " + local.get());
            err.flush();
            return new KafkaConnection(new KafkaSettings(local.get(), props), null);
        }
        err.println("joseki: no --bootstrap-servers and no local cluster: starting an embedded Kafka broker");
        err.flush();
        KafkaBroker broker = KafkaBroker.temporary(Map.of());
        try {
            broker.start();
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
        return new KafkaConnection(new KafkaSettings(broker.bootstrapServers(), props), broker);
    }

    boolean isEmbedded() {
        return embedded != null;
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
    }
}
