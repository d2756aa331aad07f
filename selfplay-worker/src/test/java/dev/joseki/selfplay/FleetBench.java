package dev.joseki.selfplay;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.SelfPlayTask;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Not a unit test: the task protocol at fleet size on one machine, apart from engine time. N real
 * worker JVMs (one slot each, {@code -Xmx96m} and the serial collector unless {@code
 * -Djoseki.fleet.heap=SIZE}) against one broker with the project's group settings ({@link
 * KafkaBroker#FAST_FAILOVER}: 6 s session time-out, 1 s heartbeats; {@code
 * -Djoseki.fleet.kafkaDefaults=true} for Kafka's own 45 s and 5 s) play near-empty tasks: games of
 * two plies at one node a move, so that what is measured is the protocol (fetch a task, play,
 * produce the records and commit the offset in one transaction) and not the engine. Run with {@code
 * mvn -B -o -q -pl selfplay-worker -am test -Dtest=FleetBench
 * -Dsurefire.failIfNoSpecifiedTests=false -Djoseki.fleet.workers=64}.
 *
 * <p>Prints one FLEET line: the time for the group to form (from the first JVM started to the first
 * member holding task partitions, and to all N holding some), the burst throughput and the CPU a
 * game of the broker and of the workers ({@code joseki.fleet.tasks} games sent at once, {@code
 * joseki.fleet.gamesPerTask} a task, default 1), enqueue-to-readable latency of a steady trickle of
 * one-game tasks at half the burst's task rate (p50, p99, max), the time until every task partition
 * has an owner again after a worker joins, leaves (SIGTERM) and dies (SIGKILL; the session time-out
 * decides), and the resident memory of the workers and the broker after the burst, with how many
 * workers fit in {@code joseki.fleet.memoryGiB} (default 24).
 */
@EnabledIfSystemProperty(named = "joseki.fleet.workers", matches = "\\d+")
class FleetBench {
    private static final String GROUP = "fleet-group";

    /** Kafka 4.x's own values of the settings that {@link KafkaBroker#FAST_FAILOVER} shortens. */
    private static final Map<String, String> KAFKA_GROUP_DEFAULTS =
            Map.of(
                    "group.consumer.session.timeout.ms", "45000",
                    "group.consumer.min.session.timeout.ms", "45000",
                    "group.consumer.heartbeat.interval.ms", "5000",
                    "group.consumer.min.heartbeat.interval.ms", "5000",
                    "transaction.abort.timed.out.transaction.cleanup.interval.ms", "10000");

    @Test
    void theTaskProtocolAtFleetSize() throws Exception {
        int n = Integer.getInteger("joseki.fleet.workers");
        int burst = Integer.getInteger("joseki.fleet.tasks", 50 * n);
        int partitions = Integer.getInteger("joseki.fleet.partitions", Math.max(32, 2 * n));
        int trickleSeconds = Integer.getInteger("joseki.fleet.trickle", 30);
        int gamesPerTask = Integer.getInteger("joseki.fleet.gamesPerTask", 1);
        String heap = System.getProperty("joseki.fleet.heap", "96m");
        int memoryGib = Integer.getInteger("joseki.fleet.memoryGiB", 24);
        Topics topics = Topics.withPrefix("fleet", partitions);
        Path logs = Files.createDirectories(Path.of("target", "fleet-logs"));
        boolean kafkaDefaults = Boolean.getBoolean("joseki.fleet.kafkaDefaults");
        try (KafkaBroker broker =
                KafkaBroker.temporary(kafkaDefaults ? KAFKA_GROUP_DEFAULTS : Map.of())) {
            broker.start();
            KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
            topics.ensure(kafka);
            List<Process> workers = new ArrayList<>();
            try (Arrivals arrivals = new Arrivals(kafka, topics)) {
                // 1. The group forms: N JVMs start and join; from the first member holding task
                // partitions to all N holding some.
                long t0 = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    workers.add(spawn(broker, logs.resolve("worker-" + i + ".log"), heap));
                }
                awaitGroup(kafka, topics, m -> !m.isEmpty(), Duration.ofMinutes(10));
                double firstHolds = seconds(t0);
                awaitGroup(kafka, topics, m -> allHold(m, n), Duration.ofMinutes(10));
                double formed = seconds(t0);

                // 2. Burst: every task at once; throughput from the first send to the last record.
                EngineSpec tiny = TestEngines.tinyBuiltinSpec();
                SearchLimit oneNode = SearchLimit.nodes(1);
                SelfPlayRun run =
                        new SelfPlayRun(
                                "fleet-burst",
                                new SelfPlayRun.Spec(burst, oneNode, 0, 1, tiny, tiny, 2),
                                gamesPerTask);
                int burstTasks = run.tasks().size();
                long brokerPid = ProcStats.brokerPid();
                double brokerCpu0 = ProcStats.cpuSeconds(List.of(brokerPid));
                double workerCpu0 = ProcStats.cpuSeconds(ProcStats.pids(workers));
                long burstStart = System.currentTimeMillis();
                run.publish(kafka, topics, GROUP);
                arrivals.await("fleet-burst-", burst, Duration.ofMinutes(20));
                double burstSeconds = (arrivals.last("fleet-burst-") - burstStart) / 1000.0;
                double tasksPerSecond = burstTasks / burstSeconds;
                long records = arrivals.count("fleet-burst-");
                // CPU per game: what one broker core and one worker core sustain, apart from
                // the sharing of this machine's two cores
                double brokerMsPerGame =
                        1000 * (ProcStats.cpuSeconds(List.of(brokerPid)) - brokerCpu0) / burst;
                double workerMsPerGame =
                        1000 * (ProcStats.cpuSeconds(ProcStats.pids(workers)) - workerCpu0) / burst;
                Memory memory = Memory.of(workers, brokerPid);

                // 3. A steady trickle at half the burst rate, on while workers join and leave.
                try (Trickle trickle =
                        new Trickle(kafka, topics, tiny, oneNode, tasksPerSecond / 2)) {
                    Thread.sleep(trickleSeconds * 1000L);
                    List<Long> steady = arrivals.latencies(trickle.sent);

                    // 4. Join, leave, die: until every partition has an owner again.
                    long j0 = System.nanoTime();
                    Process joiner = spawn(broker, logs.resolve("worker-" + n + ".log"), heap);
                    workers.add(joiner);
                    awaitGroup(kafka, topics, m -> m.size() == n + 1, Duration.ofMinutes(3));
                    double joinSeen = seconds(j0);
                    awaitGroup(kafka, topics, m -> allHold(m, n + 1), Duration.ofMinutes(3));
                    double joined = seconds(j0);
                    Process leaver = workers.get(0);
                    long l0 = System.nanoTime();
                    leaver.destroy();
                    awaitGroup(kafka, topics, m -> m.size() == n, Duration.ofMinutes(3));
                    double left = seconds(l0);
                    Process victim = workers.get(1);
                    long k0 = System.nanoTime();
                    victim.destroyForcibly();
                    awaitGroup(kafka, topics, m -> m.size() == n - 1, Duration.ofMinutes(5));
                    double died = seconds(k0);
                    Thread.sleep(5000);
                    trickle.stop();
                    arrivals.await("fleet-trickle-", trickle.sent.size(), Duration.ofMinutes(5));
                    List<Long> all = arrivals.latencies(trickle.sent);
                    System.out.printf(
                            "FLEET workers %d (%s) partitions %d, %s group settings: group"
                                    + " formed: first member holding partitions after %.1f s, all"
                                    + " %d after %.1f s (%.1f s between);"
                                    + " burst %d games, %d a task, %d tasks in %.1f s = %.1f"
                                    + " tasks/s, %.1f records/s (CPU a game: broker %.2f ms,"
                                    + " workers %.2f ms);"
                                    + " trickle %.1f tasks/s: latency p50 %d ms p99 %d ms max %d ms"
                                    + " (%d tasks, steady %d: p50 %d p99 %d);"
                                    + " join: a member after %.1f s (JVM start), holding"
                                    + " partitions after %.1f s; leave (SIGTERM): %.1f s;"
                                    + " kill (SIGKILL): %.1f s; lost %d duplicated %d; %s%n",
                            n,
                            heap,
                            partitions,
                            kafkaDefaults ? "Kafka's default" : "the project's",
                            firstHolds,
                            n,
                            formed,
                            formed - firstHolds,
                            burst,
                            gamesPerTask,
                            burstTasks,
                            burstSeconds,
                            tasksPerSecond,
                            records / burstSeconds,
                            brokerMsPerGame,
                            workerMsPerGame,
                            tasksPerSecond / 2,
                            pct(all, 50),
                            pct(all, 99),
                            all.get(all.size() - 1),
                            all.size(),
                            steady.size(),
                            pct(steady, 50),
                            pct(steady, 99),
                            joinSeen,
                            joined,
                            left,
                            died,
                            trickle.sent.size() - arrivals.count("fleet-trickle-"),
                            arrivals.duplicates(),
                            memory.describe(memoryGib));
                }
            } finally {
                for (Process w : workers) {
                    w.destroy();
                }
                for (Process w : workers) {
                    if (!w.waitFor(30, TimeUnit.SECONDS)) {
                        w.destroyForcibly();
                    }
                }
            }
        }
    }

    private static Process spawn(KafkaBroker broker, Path log, String heap) throws Exception {
        return WorkerProcess.start(
                broker.bootstrapServers(), GROUP, "fleet", log, "-Xmx" + heap, "-XX:+UseSerialGC");
    }

    /** Every one of the {@code n} members holds task partitions. */
    private static boolean allHold(Map<String, List<Integer>> members, int n) {
        return members.size() == n && members.values().stream().noneMatch(List::isEmpty);
    }

    /**
     * Resident memory after the burst: the workers' (each one a JVM of one slot) and the broker's,
     * and how many such workers fit beside the broker in a machine's memory (1 GiB left to the
     * system).
     */
    private record Memory(List<Double> workersMib, double brokerMib) {
        static Memory of(List<Process> workers, long brokerPid) throws Exception {
            List<Double> rss = new ArrayList<>();
            for (long pid : ProcStats.pids(workers)) {
                rss.add(ProcStats.rssMib(pid));
            }
            rss.sort(null);
            return new Memory(rss, ProcStats.rssMib(brokerPid));
        }

        String describe(int machineGib) {
            double max = workersMib.get(workersMib.size() - 1);
            long fit = (long) ((machineGib * 1024.0 - 1024 - brokerMib) / max);
            return String.format(
                    java.util.Locale.ROOT,
                    "RSS: worker min %.0f MiB median %.0f MiB max %.0f MiB, broker %.0f MiB; in %d"
                            + " GiB (1 GiB to the system) fit %d workers of the largest",
                    workersMib.get(0),
                    workersMib.get(workersMib.size() / 2),
                    max,
                    brokerMib,
                    machineGib,
                    fit);
        }
    }

    /**
     * Polls the group every 100 ms until its members satisfy {@code members} and every task
     * partition has exactly one owner; returns the milliseconds it took.
     */
    private static long awaitGroup(
            KafkaSettings kafka,
            Topics topics,
            Predicate<Map<String, List<Integer>>> members,
            Duration timeout)
            throws Exception {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        try (Admin admin = Admin.create(kafka.admin())) {
            while (System.nanoTime() < deadline) {
                Map<String, List<Integer>> m = describe(admin, topics.tasks());
                long owned = m.values().stream().mapToLong(List::size).sum();
                long distinct = m.values().stream().flatMap(List::stream).distinct().count();
                if (members.test(m)
                        && owned == topics.taskPartitions()
                        && distinct == topics.taskPartitions()) {
                    return (System.nanoTime() - start) / 1_000_000;
                }
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the worker group did not settle within " + timeout);
    }

    private static Map<String, List<Integer>> describe(Admin admin, String topic) throws Exception {
        Map<String, List<Integer>> out = new HashMap<>();
        ConsumerGroupDescription g;
        try {
            g =
                    admin.describeConsumerGroups(List.of(GROUP))
                            .all()
                            .get(10, TimeUnit.SECONDS)
                            .get(GROUP);
        } catch (java.util.concurrent.ExecutionException
                | java.util.concurrent.TimeoutException e) {
            return out; // no group yet, or a broker busy with 32 JVMs starting: ask again
        }
        if (g == null) {
            return out;
        }
        for (MemberDescription m : g.members()) {
            List<Integer> parts = new ArrayList<>();
            for (TopicPartition tp : m.assignment().topicPartitions()) {
                if (tp.topic().equals(topic)) {
                    parts.add(tp.partition());
                }
            }
            out.put(m.consumerId(), parts);
        }
        return out;
    }

    private static void join(Thread t) {
        try {
            t.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static long pct(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return -1;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, i));
    }

    /**
     * Reads the games topic (read_committed) on a thread from the start and stamps each record with
     * the wall time it became readable here.
     */
    private static final class Arrivals implements AutoCloseable {
        final Map<String, Long> readable = new ConcurrentHashMap<>();
        final Map<String, Integer> seen = new ConcurrentHashMap<>();
        final Thread reader;
        volatile boolean stop;

        Arrivals(KafkaSettings kafka, Topics topics) {
            reader =
                    new Thread(
                            () -> {
                                try (KafkaConsumer<String, byte[]> c =
                                        new KafkaConsumer<>(kafka.consumer(null))) {
                                    List<TopicPartition> parts =
                                            TopicScan.partitions(c.partitionsFor(topics.games()));
                                    c.assign(parts);
                                    c.seekToBeginning(parts);
                                    while (!stop) {
                                        for (ConsumerRecord<String, byte[]> r :
                                                c.poll(Duration.ofMillis(20))) {
                                            readable.putIfAbsent(
                                                    r.key(), System.currentTimeMillis());
                                            seen.merge(r.key(), 1, Integer::sum);
                                        }
                                    }
                                }
                            },
                            "fleet-arrivals");
            reader.setDaemon(true);
            reader.start();
        }

        long count(String prefix) {
            return readable.keySet().stream().filter(k -> k.startsWith(prefix)).count();
        }

        long last(String prefix) {
            return readable.entrySet().stream()
                    .filter(e -> e.getKey().startsWith(prefix))
                    .mapToLong(Map.Entry::getValue)
                    .max()
                    .orElseThrow();
        }

        long duplicates() {
            return seen.values().stream().filter(v -> v > 1).count();
        }

        void await(String prefix, long n, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (count(prefix) < n) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(
                            count(prefix) + " of " + n + " " + prefix + " records in " + timeout);
                }
                Thread.sleep(50);
            }
        }

        /** Sorted enqueue-to-readable milliseconds of the tasks that have arrived. */
        List<Long> latencies(Map<String, Long> sentAt) {
            List<Long> out = new ArrayList<>();
            for (String id : sentAt.keySet()) {
                Long at = readable.get(id + "/0");
                if (at != null) {
                    out.add(at - sentAt.get(id));
                }
            }
            out.sort(null);
            return out;
        }

        @Override
        public void close() {
            stop = true;
            join(reader);
        }
    }

    /** Sends one task at a time at a fixed rate, round-robin over the partitions. */
    private static final class Trickle implements AutoCloseable {
        final Map<String, Long> sent = new ConcurrentHashMap<>();
        final Thread sender;
        volatile boolean stop;

        Trickle(
                KafkaSettings kafka,
                Topics topics,
                EngineSpec tiny,
                SearchLimit limits,
                double perSecond) {
            long periodNanos = (long) (1e9 / perSecond);
            SelfPlayRun run =
                    new SelfPlayRun(
                            "fleet-trickle",
                            new SelfPlayRun.Spec(1_000_000, limits, 0, 2, tiny, tiny, 2));
            sender =
                    new Thread(
                            () -> {
                                try (KafkaProducer<String, byte[]> p =
                                        new KafkaProducer<>(kafka.producer(null))) {
                                    long next = System.nanoTime();
                                    for (int i = 0; !stop; i++) {
                                        SelfPlayTask t =
                                                run.task(
                                                        i,
                                                        com.google.protobuf.Timestamp
                                                                .getDefaultInstance());
                                        sent.put(t.getTaskId(), System.currentTimeMillis());
                                        p.send(
                                                new ProducerRecord<>(
                                                        topics.tasks(),
                                                        i % topics.taskPartitions(),
                                                        t.getTaskId(),
                                                        t.toByteArray()));
                                        p.flush();
                                        next += periodNanos;
                                        long sleep = next - System.nanoTime();
                                        if (sleep > 0) {
                                            TimeUnit.NANOSECONDS.sleep(sleep);
                                        }
                                    }
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            },
                            "fleet-trickle");
            sender.setDaemon(true);
            sender.start();
        }

        /** Sends nothing more. */
        void stop() {
            stop = true;
            join(sender);
        }

        @Override
        public void close() {
            stop();
        }
    }
}
