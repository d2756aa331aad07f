package dev.joseki.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The worker topics and their sizes. Tasks (self-play and eval) get many partitions because a
 * partition is the unit of parallelism (each worker slot is one consumer of the group, reading both
 * task topics); games, evals and training positions get enough for the Spark readers; the
 * dead-letter topic (of every task kind) is small. Replication is 3, or the cluster size when
 * smaller.
 */
public record Topics(
        String tasks,
        String games,
        String deadLetter,
        String evalTasks,
        String evals,
        String trainTasks,
        String trainGames,
        String positions,
        int taskPartitions,
        int gamePartitions) {
    public static final Topics DEFAULT = withPrefix("joseki");

    /**
     * {@code PREFIX.selfplay.tasks}, {@code PREFIX.games}, {@code PREFIX.selfplay.tasks.dlq},
     * {@code PREFIX.eval.tasks}, {@code PREFIX.evals}, {@code PREFIX.train.tasks}, {@code
     * PREFIX.train.games}, {@code PREFIX.train.positions}.
     */
    public static Topics withPrefix(String prefix) {
        return withPrefix(prefix, DEFAULT_TASK_PARTITIONS);
    }

    /**
     * A worker slot is one consumer and consumes at least one task partition, so a group of more
     * slots than this leaves the extra slots idle (docs/design/scaling.md).
     */
    public static final int DEFAULT_TASK_PARTITIONS = 32;

    /** As {@link #withPrefix(String)} with {@code taskPartitions} partitions per task topic. */
    public static Topics withPrefix(String prefix, int taskPartitions) {
        return new Topics(
                prefix + ".selfplay.tasks",
                prefix + ".games",
                prefix + ".selfplay.tasks.dlq",
                prefix + ".eval.tasks",
                prefix + ".evals",
                prefix + ".train.tasks",
                prefix + ".train.games",
                prefix + ".train.positions",
                taskPartitions,
                12);
    }

    /**
     * {@code TASKS.retired}: one compacted record per tournament whose queued tasks the workers
     * should commit unplayed (its SPRT decided), keyed by the tournament id.
     */
    public String retiredRuns() {
        return tasks + ".retired";
    }

    /**
     * {@code PREFIX.runs}: one compacted record per named run on the workers (its players, plan,
     * status), keyed by the run id; PREFIX is the games topic's name without {@code .games}.
     */
    public String runs() {
        return prefix() + ".runs";
    }

    /**
     * {@code PREFIX.workers}: one compacted record per worker, its latest heartbeat, keyed by the
     * worker id.
     */
    public String workers() {
        return prefix() + ".workers";
    }

    /**
     * {@code PREFIX.engines}: published engines (./joseki engine publish), compacted, two
     * partitions (manifests and names; chunks).
     */
    public String engines() {
        return prefix() + ".engines";
    }

    /** The prefix these topics were named with ({@code joseki} for {@link #DEFAULT}). */
    public String prefix() {
        return games.endsWith(".games") ? games.substring(0, games.length() - 6) : games;
    }

    /**
     * The prefix of a task topic named as {@link #withPrefix} names them ({@code n6} for {@code
     * n6.train.tasks}); empty for any other name.
     */
    public static Optional<String> prefixOfTaskTopic(String topic) {
        for (String suffix : List.of(".selfplay.tasks", ".eval.tasks", ".train.tasks")) {
            if (topic.endsWith(suffix) && topic.length() > suffix.length()) {
                return Optional.of(topic.substring(0, topic.length() - suffix.length()));
            }
        }
        return Optional.empty();
    }

    /** The topics a worker consumes: self-play, eval and training tasks. */
    public List<String> taskTopics() {
        return List.of(tasks, evalTasks, trainTasks);
    }

    /** The topics a worker's transactions write records to (the group offsets aside). */
    public List<String> outputs() {
        return List.of(games, evals, trainGames, positions, deadLetter);
    }

    private void growTaskTopics(Admin admin, java.util.Set<String> existing)
            throws InterruptedException, ExecutionException {
        List<String> present = taskTopics().stream().filter(existing::contains).toList();
        if (present.isEmpty()) {
            return;
        }
        Map<String, NewPartitions> grow = new java.util.HashMap<>();
        for (TopicDescription d : admin.describeTopics(present).allTopicNames().get().values()) {
            if (d.partitions().size() < taskPartitions) {
                grow.put(d.name(), NewPartitions.increaseTo(taskPartitions));
            }
        }
        if (!grow.isEmpty()) {
            admin.createPartitions(grow).all().get();
            // as after createTopics, the answering broker's metadata lags the controller's: wait
            // until it shows the new partitions, with leaders
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (System.nanoTime() < deadline
                    && admin
                            .describeTopics(List.copyOf(grow.keySet()))
                            .allTopicNames()
                            .get()
                            .values()
                            .stream()
                            .anyMatch(d -> d.partitions().size() < taskPartitions)) {
                Thread.sleep(100);
            }
            awaitLeaders(admin, List.copyOf(grow.keySet()));
        }
    }

    /**
     * New topics take a moment to get partition leaders; producing before that only logs retries.
     * Right after createTopics the broker that answers may not know the topic yet (its metadata
     * lags the controller's): "does not host this topic-partition" then means "not yet", not a
     * failure.
     */
    private static void awaitLeaders(Admin admin, List<String> names)
            throws InterruptedException, ExecutionException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline) {
            boolean ready = true;
            try {
                for (TopicDescription d :
                        admin.describeTopics(names).allTopicNames().get().values()) {
                    ready &=
                            d.partitions().stream()
                                    .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
                ready = false;
            }
            if (ready) {
                return;
            }
            Thread.sleep(100);
        }
    }

    /**
     * Creates whatever is missing, and grows existing task topics to {@code taskPartitions} (a
     * fleet that outgrew them); nothing is ever shrunk. Tasks are placed on partitions explicitly,
     * so new partitions change where no existing task is read.
     */
    public void ensure(KafkaSettings kafka) {
        Properties props = kafka.admin();
        try (Admin admin = Admin.create(props)) {
            int brokers = admin.describeCluster().nodes().get().size();
            short rf = (short) Math.max(1, Math.min(3, brokers));
            String minIsr = String.valueOf(Math.max(1, rf - 1));
            List<NewTopic> wanted = new ArrayList<>();
            wanted.add(
                    new NewTopic(tasks, taskPartitions, rf)
                            .configs(Map.of(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, minIsr)));
            // Games are the product: keep them (the book builder reads the whole history).
            wanted.add(
                    new NewTopic(games, gamePartitions, rf)
                            .configs(
                                    Map.of(
                                            TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                                            minIsr,
                                            TopicConfig.RETENTION_MS_CONFIG,
                                            "-1")));
            wanted.add(
                    new NewTopic(evalTasks, taskPartitions, rf)
                            .configs(Map.of(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, minIsr)));
            // Evaluations are a product too: kept, like games.
            wanted.add(
                    new NewTopic(evals, gamePartitions, rf)
                            .configs(
                                    Map.of(
                                            TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                                            minIsr,
                                            TopicConfig.RETENTION_MS_CONFIG,
                                            "-1")));
            wanted.add(
                    new NewTopic(trainTasks, taskPartitions, rf)
                            .configs(Map.of(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, minIsr)));
            // Training games and positions are the training data's source: kept.
            for (String kept : List.of(trainGames, positions)) {
                wanted.add(
                        new NewTopic(kept, gamePartitions, rf)
                                .configs(
                                        Map.of(
                                                TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                                                minIsr,
                                                TopicConfig.RETENTION_MS_CONFIG,
                                                "-1")));
            }
            wanted.add(
                    new NewTopic(deadLetter, 1, rf)
                            .configs(Map.of(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, minIsr)));
            // A marker per tournament, only the latest kept.
            wanted.add(
                    new NewTopic(retiredRuns(), 1, rf)
                            .configs(
                                    Map.of(
                                            TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                                            minIsr,
                                            TopicConfig.CLEANUP_POLICY_CONFIG,
                                            TopicConfig.CLEANUP_POLICY_COMPACT)));
            // The latest record per run and per worker is all a reader needs.
            for (String latest : List.of(runs(), workers())) {
                wanted.add(
                        new NewTopic(latest, 1, rf)
                                .configs(
                                        Map.of(
                                                TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                                                minIsr,
                                                TopicConfig.CLEANUP_POLICY_CONFIG,
                                                TopicConfig.CLEANUP_POLICY_COMPACT)));
            }
            // Published engines: only the latest record of a key is needed (a manifest, a name's
            // latest publication, a chunk). Partition 0 the small records, 1 the chunks; chunks are
            // cut under the default max.message.bytes (EngineTopic in selfplay-worker).
            wanted.add(
                    new NewTopic(engines(), 2, rf)
                            .configs(
                                    Map.of(
                                            TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                                            minIsr,
                                            TopicConfig.CLEANUP_POLICY_CONFIG,
                                            TopicConfig.CLEANUP_POLICY_COMPACT)));
            var existing = admin.listTopics().names().get();
            wanted.removeIf(t -> existing.contains(t.name()));
            growTaskTopics(admin, existing);
            if (wanted.isEmpty()) {
                return;
            }
            try {
                admin.createTopics(wanted).all().get();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
            awaitLeaders(admin, wanted.stream().map(NewTopic::name).toList());
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot create topics: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        }
    }
}
