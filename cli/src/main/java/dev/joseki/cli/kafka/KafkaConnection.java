package dev.joseki.cli.kafka;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.LocalCluster;
import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.PlayerFactory;
import dev.joseki.selfplay.SelfPlayRun;
import dev.joseki.selfplay.Worker;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Where a command's Kafka is: the given bootstrap servers, else the running local cluster, else an
 * embedded broker (a child JVM in a temporary directory) that lives until {@link #close()}, or
 * until this JVM exits (Ctrl-C): the broker's shutdown hook then removes its directory. Every Kafka
 * command comes through {@link #open}, which checks once that a given cluster answers ({@link
 * KafkaProbe}). A broker that answers but refuses the client settings (SASL, TLS) is reported as
 * such ({@link KafkaAuthentication}).
 */
public final class KafkaConnection implements AutoCloseable {
    public final KafkaSettings settings;
    private final KafkaBroker embedded;

    private KafkaConnection(KafkaSettings settings, KafkaBroker embedded) {
        this.settings = settings;
        this.embedded = embedded;
    }

    public static KafkaConnection open(KafkaOptions o, PrintWriter err) throws IOException {
        Map<String, String> props = o.clientProperties();
        o.secretsOnCommandLine()
                .forEach(
                        k ->
                                err.println(
                                        "joseki: warning: --kafka-property "
                                                + k
                                                + " is visible to every user of this machine (ps);"
                                                + " put it in a --kafka-config FILE"));
        if (o.bootstrapServers != null && !o.bootstrapServers.isBlank()) {
            KafkaSettings given = new KafkaSettings(o.bootstrapServers.trim(), props);
            KafkaProbe.check(given);
            return new KafkaConnection(given, null);
        }
        Optional<String> local = LocalCluster.bootstrapIfRunning();
        if (local.isPresent()) {
            err.println("joseki: using the local cluster at " + local.get());
            err.flush();
            KafkaSettings cluster = new KafkaSettings(local.get(), props);
            KafkaProbe.check(cluster);
            return new KafkaConnection(cluster, null);
        }
        return embedded(props, err, "no --bootstrap-servers and no local cluster");
    }

    /**
     * The given cluster or the running local one; never an embedded broker, which would start empty
     * and be gone when the command ends: for commands that read what a cluster holds (games save,
     * book build --from-kafka, book evals --from-kafka). Exit 3 without either.
     */
    public static KafkaConnection openLasting(KafkaOptions o, PrintWriter err, String why)
            throws IOException {
        boolean given = o.bootstrapServers != null && !o.bootstrapServers.isBlank();
        if (!given && LocalCluster.bootstrapIfRunning().isEmpty()) {
            throw new CommandFailure(
                    ExitCodes.UNREACHABLE,
                    "no cluster: start one with ./joseki cluster up, or give --bootstrap-servers ("
                            + why
                            + ")");
        }
        return open(o, err);
    }

    /**
     * The given cluster's settings, or the running local cluster's, without asking it: for a server
     * that shows "broker unreachable" and waits rather than failing. Exit 3 without either.
     */
    public static KafkaSettings lastingSettings(KafkaOptions o) throws IOException {
        if (o.bootstrapServers != null && !o.bootstrapServers.isBlank()) {
            return new KafkaSettings(o.bootstrapServers.trim(), o.clientProperties());
        }
        Optional<String> local = LocalCluster.bootstrapIfRunning();
        if (local.isEmpty()) {
            throw new CommandFailure(
                    ExitCodes.UNREACHABLE,
                    "no cluster: start one with ./joseki cluster up, or give --bootstrap-servers");
        }
        return new KafkaSettings(local.get(), o.clientProperties());
    }

    /** An embedded broker whatever runs already ({@code --local}). */
    public static KafkaConnection openEmbedded(KafkaOptions o, PrintWriter err) throws IOException {
        return embedded(o.clientProperties(), err, "--local");
    }

    private static KafkaConnection embedded(
            Map<String, String> props, PrintWriter err, String why) {
        KafkaBroker broker = KafkaBroker.temporary(Map.of());
        err.println(
                "joseki: "
                        + why
                        + ": starting an embedded Kafka broker in "
                        + broker.dataDir()
                        + " (removed on exit)");
        err.flush();
        try {
            broker.start();
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
        return new KafkaConnection(new KafkaSettings(broker.bootstrapServers(), props), broker);
    }

    public boolean isEmbedded() {
        return embedded != null;
    }

    /**
     * With an embedded broker nobody else takes the tasks: starts workers in this process ({@code
     * concurrency} slots, default one per core) and waits until they hold {@code taskTopic}'s
     * partitions. Null when the broker is not embedded. The caller closes the workers.
     */
    public Worker localWorkers(Topics topics, String group, Integer concurrency, String taskTopic)
            throws InterruptedException {
        if (!isEmbedded()) {
            return null;
        }
        int c = concurrency == null ? Runtime.getRuntime().availableProcessors() : concurrency;
        Worker w =
                new Worker(
                        new Worker.Config(settings, topics, group, c, Worker.defaultWorkerId()),
                        PlayerFactory.standard());
        w.start();
        SelfPlayRun.awaitWorkers(settings, taskTopic, group, c, Duration.ofSeconds(60));
        return w;
    }

    /**
     * How a user gives a broker workers for the tasks of {@code taskTopic}: the words self-play,
     * tournaments and training print when none are there. A worker takes the tasks of one topic
     * prefix, so a prefix other than the default is named in both commands.
     */
    public static String startWorkersHint(String bootstrapServers, String taskTopic) {
        String prefix = Topics.prefixOfTaskTopic(taskTopic).orElse(Topics.DEFAULT.prefix());
        String flag = prefix.equals(Topics.DEFAULT.prefix()) ? "" : " --topic-prefix " + prefix;
        return "start `./joseki worker --bootstrap-servers "
                + bootstrapServers
                + flag
                + "`, or use `./joseki cluster up --workers N"
                + flag
                + "`";
    }

    /**
     * {@link #startWorkersHint}, preceded by what the group's workers take instead when they hold
     * task topics of other prefixes and none of {@code taskTopic}: such workers never take the
     * run's tasks, however long it waits.
     */
    public static String workersHint(KafkaSettings settings, String taskTopic, String group) {
        return elsewhere(SelfPlayRun.topicsHeld(settings, group), taskTopic)
                + startWorkersHint(settings.bootstrapServers(), taskTopic);
    }

    /**
     * "the group's workers take the tasks of topic prefix 'joseki', not 'n6': " when the {@code
     * held} topics are task topics of other prefixes only; empty otherwise.
     */
    public static String elsewhere(Collection<String> held, String taskTopic) {
        if (held.contains(taskTopic)) {
            return "";
        }
        SortedSet<String> prefixes = new TreeSet<>();
        held.forEach(t -> Topics.prefixOfTaskTopic(t).ifPresent(prefixes::add));
        String ours = Topics.prefixOfTaskTopic(taskTopic).orElse(taskTopic);
        prefixes.remove(ours);
        if (prefixes.isEmpty()) {
            return "";
        }
        return "the group's workers take the tasks of topic prefix '"
                + String.join("', '", prefixes)
                + "', not '"
                + ours
                + "': ";
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
    }
}
