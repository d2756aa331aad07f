package dev.joseki.selfplay;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Not a unit test: a bench that restarts a real broker (SIGTERM or SIGKILL, at random moments) many
 * times during self-play with games of a few milliseconds, so that restarts land inside commits,
 * and then checks the games topic read_committed. Run with {@code mvn -B -o -q -pl selfplay-worker
 * -am test -Dtest=BrokerChaosBench -Dsurefire.failIfNoSpecifiedTests=false
 * -Djoseki.chaos.trials=5}. Prints one line per trial; the broker's data directory (with
 * broker.log) is kept when a trial fails.
 */
@EnabledIfSystemProperty(named = "joseki.chaos.trials", matches = "\\d+")
class BrokerChaosBench {
    @Test
    void restartsAtRandomMomentsLoseNoGame() throws Exception {
        int trials = Integer.getInteger("joseki.chaos.trials");
        int games = Integer.getInteger("joseki.chaos.games", 300);
        int restarts = Integer.getInteger("joseki.chaos.restarts", 6);
        long seed = Long.getLong("joseki.chaos.seed", System.nanoTime());
        int failures = 0;
        for (int t = 0; t < trials; t++) {
            if (!trial(t, games, restarts, new Random(seed + t))) {
                failures++;
            }
        }
        System.out.printf("CHAOS trials %d failed %d (seed %d)%n", trials, failures, seed);
        if (failures > 0) {
            throw new AssertionError(failures + " of " + trials + " trials failed");
        }
    }

    private static boolean trial(int index, int games, int restarts, Random random)
            throws Exception {
        Path home = verboseBrokerHome();
        Path data = Files.createTempDirectory("joseki-chaos-");
        KafkaBroker broker =
                new KafkaBroker(
                        home,
                        data,
                        dev.joseki.broker.KafkaBrokerExtension.fastFailover(),
                        KafkaBroker.freePort(),
                        KafkaBroker.freePort());
        broker.start();
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("chaos");
        topics.ensure(kafka);
        SelfPlayRun run = TestEngines.quickCommitRun("chaos-" + index, games, 11 + index);
        Worker.Config cfg =
                new Worker.Config(kafka, topics, "chaos-group", 2, "chaos-worker-" + index);
        long t0 = System.nanoTime();
        List<String> kills = new ArrayList<>();
        boolean ok;
        String detail;
        try (Worker worker = new Worker(cfg, PlayerFactory.standard())) {
            worker.start();
            SelfPlayRun.awaitWorkers(kafka, topics, "chaos-group", 2, Duration.ofSeconds(120));
            run.publish(kafka, topics, "chaos-group");
            for (int r = 0; r < restarts; r++) {
                // Strike while commits flow: after a few more commits since the last restart, at a
                // random moment within the next 300 ms (games last milliseconds, so a commit is
                // almost always open).
                long target = worker.gamesPublished() + 4;
                long wait = System.nanoTime() + Duration.ofSeconds(90).toNanos();
                while (worker.gamesPublished() < target
                        && worker.gamesPublished() < games
                        && System.nanoTime() < wait) {
                    Thread.sleep(20);
                }
                Thread.sleep(random.nextInt(300));
                boolean hard = random.nextBoolean();
                if (hard) {
                    broker.crash();
                } else {
                    broker.stop();
                }
                kills.add((hard ? "KILL" : "TERM") + "@" + worker.gamesPublished());
                Thread.sleep(random.nextInt(1500));
                broker.start();
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            List<GameRecord> all = SelfPlayRun.readAll(kafka, topics);
            while (distinct(all).size() < games && System.nanoTime() < deadline) {
                Thread.sleep(1000);
                all = SelfPlayRun.readAll(kafka, topics);
            }
            Thread.sleep(2000);
            all = SelfPlayRun.readAll(kafka, topics);
            Set<String> ids = distinct(all);
            ok = ids.size() == games && all.size() == games;
            detail =
                    "records "
                            + all.size()
                            + " distinct "
                            + ids.size()
                            + " published "
                            + worker.gamesPublished();
            if (!ok) {
                Set<String> missing = new TreeSet<>();
                for (int i = 0; 2 * i < games; i++) {
                    for (int g = 0; g < 2; g++) {
                        String id = run.runId() + "-" + i + "/" + g;
                        if (!ids.contains(id)) {
                            missing.add(id);
                        }
                    }
                }
                detail +=
                        " missing "
                                + missing
                                + " duplicates "
                                + duplicates(all)
                                + "\n"
                                + diagnose(kafka, topics);
            }
        }
        System.out.printf(
                "CHAOS trial %d %s %s restarts %s seconds %.0f data %s%n",
                index, ok ? "OK" : "FAIL", detail, kills, (System.nanoTime() - t0) / 1e9, data);
        broker.stop();
        if (ok) {
            deleteTree(data);
        }
        return ok;
    }

    private static Set<String> distinct(List<GameRecord> all) {
        return all.stream().map(GameRecord::getGameId).collect(Collectors.toSet());
    }

    private static Map<String, Long> duplicates(List<GameRecord> all) {
        Map<String, Long> counts =
                all.stream()
                        .collect(
                                Collectors.groupingBy(
                                        GameRecord::getGameId, Collectors.counting()));
        counts.values().removeIf(c -> c == 1);
        return counts;
    }

    /**
     * Per games partition: high watermark vs last stable offset, open producers, and the
     * coordinator's view.
     */
    private static String diagnose(KafkaSettings kafka, Topics topics) throws Exception {
        StringBuilder sb = new StringBuilder();
        var uncommitted = kafka.consumer(null);
        uncommitted.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        List<TopicPartition> parts = new ArrayList<>();
        for (int p = 0; p < topics.gamePartitions(); p++) {
            parts.add(new TopicPartition(topics.games(), p));
        }
        Map<TopicPartition, Long> hw;
        Map<TopicPartition, Long> lso;
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(uncommitted);
                KafkaConsumer<String, byte[]> d = new KafkaConsumer<>(kafka.consumer(null))) {
            hw = new HashMap<>(c.endOffsets(parts));
            lso = new HashMap<>(d.endOffsets(parts));
        }
        try (Admin admin = Admin.create(kafka.admin())) {
            var producers = admin.describeProducers(parts).all().get();
            for (TopicPartition tp : parts) {
                sb.append("  ")
                        .append(tp)
                        .append(" hw ")
                        .append(hw.get(tp))
                        .append(" lso ")
                        .append(lso.get(tp));
                for (ProducerState s : producers.get(tp).activeProducers()) {
                    if (s.currentTransactionStartOffset().isPresent()) {
                        sb.append(" open[pid ")
                                .append(s.producerId())
                                .append(" epoch ")
                                .append(s.producerEpoch())
                                .append(" from ")
                                .append(s.currentTransactionStartOffset().getAsLong())
                                .append(" coordEpoch ")
                                .append(s.coordinatorEpoch())
                                .append(']');
                    }
                }
                sb.append('\n');
            }
            var listings = admin.listTransactions().all().get();
            for (TransactionListing l : listings) {
                sb.append("  txn ")
                        .append(l.transactionalId())
                        .append(" pid ")
                        .append(l.producerId())
                        .append(' ')
                        .append(l.state());
                var d =
                        admin.describeTransactions(List.of(l.transactionalId()))
                                .all()
                                .get()
                                .get(l.transactionalId());
                sb.append(" epoch ")
                        .append(d.producerEpoch())
                        .append(" partitions ")
                        .append(d.topicPartitions())
                        .append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * A broker home whose log4j config logs the transaction coordinator and producer state at INFO.
     */
    private static Path verboseBrokerHome() throws Exception {
        Path real = KafkaBroker.locateHome();
        Path home = Files.createTempDirectory("joseki-chaos-home-");
        Files.createDirectories(home.resolve("target"));
        Files.createSymbolicLink(
                home.resolve("target/lib"), real.resolve("target/lib").toAbsolutePath());
        Files.createDirectories(home.resolve("conf"));
        String cfg =
                Files.readString(real.resolve("conf/log4j2.properties"))
                        + "\n"
                        + "logger.txn.name = kafka.coordinator.transaction\n"
                        + "logger.txn.level = INFO\n"
                        + "logger.txn2.name = org.apache.kafka.coordinator.transaction\n"
                        + "logger.txn2.level = INFO\n"
                        + "logger.psm.name = org.apache.kafka.storage.internals.log\n"
                        + "logger.psm.level = INFO\n"
                        + "logger.rm.name = kafka.server.ReplicaManager\n"
                        + "logger.rm.level = INFO\n";
        Files.writeString(home.resolve("conf/log4j2.properties"), cfg);
        return home;
    }

    private static void deleteTree(Path root) throws Exception {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
