package dev.joseki.selfplay.transactions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.selfplay.SelfPlayRun;
import dev.joseki.selfplay.TestEngines;
import dev.joseki.selfplay.WorkerMain;
import dev.joseki.selfplay.transactions.HangingTransactions.Action;
import dev.joseki.selfplay.transactions.OrphanedTransactions.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * Pure rules of {@link HangingTransactions}, then the double fault on a real broker of its own: a
 * worker JVM is SIGKILLed while the broker is down (crashed in the middle of back-to-back commits),
 * three times; each time the broker comes back and a new worker JVM takes over. Every game must
 * then be on the games topic (read committed), each game id counted once by a reader that keeps one
 * record per id, and no transaction left open.
 */
class HangingTransactionsTest {
    private static final Set<String> LIVE =
            Set.of("joseki-selfplay-hostA-11-x1-0", "joseki-selfplay-hostB-12-y2-1");

    @Test
    void ownersAreSlotNamesAndRecoveryProducersNameTheirWorker() {
        assertThat(HangingTransactions.owner("joseki-selfplay-hostA-11-x1-0-3"))
                .isEqualTo("hostA-11-x1-0");
        assertThat(HangingTransactions.owner("joseki-selfplay-hostA-11-x1-recovery-0"))
                .isEqualTo("hostA-11-x1-");
        assertThat(HangingTransactions.owner("someone-else-1")).isNull();
    }

    @Test
    void aLiveOwnerOrAnUndecidedTransactionIsLeftAloneAndADeadOnesOutcomeIsCarriedOut() {
        // the slot hostA-11-x1-0 is a live member: it settles its own, whatever the outcome
        assertThat(
                        HangingTransactions.decide(
                                "joseki-selfplay-hostA-11-x1-0-2", Outcome.COMMITTED, LIVE))
                .isEqualTo(Action.WAIT);
        // a recovery producer of a live worker (one of its slots is a member)
        assertThat(
                        HangingTransactions.decide(
                                "joseki-selfplay-hostB-12-y2-recovery-0", Outcome.ABORTED, LIVE))
                .isEqualTo(Action.WAIT);
        // dead slot hostA-11-x1-1: the coordinator has not decided yet, then committed, then
        // aborted
        assertThat(
                        HangingTransactions.decide(
                                "joseki-selfplay-hostA-11-x1-1-0", Outcome.IN_PROGRESS, LIVE))
                .isEqualTo(Action.WAIT);
        assertThat(
                        HangingTransactions.decide(
                                "joseki-selfplay-hostA-11-x1-1-0", Outcome.COMMITTED, LIVE))
                .isEqualTo(Action.REPUBLISH_THEN_ABORT);
        assertThat(
                        HangingTransactions.decide(
                                "joseki-selfplay-hostA-11-x1-1-0", Outcome.ABORTED, LIVE))
                .isEqualTo(Action.ABORT);
        assertThat(
                        HangingTransactions.decide(
                                "joseki-selfplay-deadhost-9-z9-recovery-4",
                                Outcome.COMMITTED,
                                LIVE))
                .isEqualTo(Action.REPUBLISH_THEN_ABORT);
        // not ours
        assertThat(HangingTransactions.decide("other-app-0", Outcome.COMMITTED, Set.of()))
                .isEqualTo(Action.IGNORE);
    }

    private static final int GAMES = 120;

    private static Process worker(KafkaBroker broker, Path logs, int n) throws Exception {
        return new ProcessBuilder(
                        TestEngines.javaCommand(),
                        "-Xmx256m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        WorkerMain.class.getName(),
                        "--bootstrap-servers",
                        broker.bootstrapServers(),
                        "--concurrency",
                        "2",
                        "--group",
                        "double-group",
                        "--topic-prefix",
                        "double")
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve("worker-" + n + ".log").toFile())
                .start();
    }

    private static List<GameRecord> awaitDistinctGames(
            KafkaSettings kafka, Topics topics, int n, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<GameRecord> all = SelfPlayRun.readAll(kafka, topics);
        while (all.stream().map(GameRecord::getGameId).distinct().count() < n
                && System.nanoTime() < deadline) {
            Thread.sleep(500);
            all = SelfPlayRun.readAll(kafka, topics);
        }
        return all;
    }

    private static long committedGames(KafkaSettings kafka, Topics topics) {
        return SelfPlayRun.readAll(kafka, topics).size();
    }

    @Test
    void aWorkerKilledWhileTheBrokerIsDownIsSettledByTheNextWorkerAndEveryGameCountedOnce()
            throws Exception {
        Path logs = Files.createDirectories(Path.of("target", "double-fault-logs"));
        List<Process> workers = new ArrayList<>();
        List<String> strikes = new ArrayList<>();
        try (KafkaBroker broker = KafkaBroker.temporary(KafkaBrokerExtension.fastFailover())) {
            broker.start();
            KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
            Topics topics = Topics.withPrefix("double");
            topics.ensure(kafka);
            SelfPlayRun run = TestEngines.quickCommitRun("double-run", GAMES, 7);
            workers.add(worker(broker, logs, 0));
            assertThat(
                            SelfPlayRun.awaitWorkers(
                                    kafka, topics, "double-group", 2, Duration.ofSeconds(180)))
                    .isTrue();
            run.publish(kafka, topics, "double-group");
            for (int strike = 1; strike <= 3; strike++) {
                long target = Math.min(GAMES - 1, committedGames(kafka, topics) + 4);
                long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
                while (committedGames(kafka, topics) < target && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                broker.crash(); // SIGKILL inside the commits
                Thread.sleep(1500); // the worker sees its commit fail and retires its producer
                Process victim = workers.get(workers.size() - 1);
                victim.destroyForcibly(); // SIGKILL while the broker is down: nobody left to settle
                assertThat(victim.waitFor(10, TimeUnit.SECONDS)).isTrue();
                broker.start();
                strikes.add(
                        "strike " + strike + " after " + committedGames(kafka, topics) + " games");
                workers.add(worker(broker, logs, strike));
            }
            // Wait for GAMES distinct ids, not GAMES records: a double fault may leave a game twice
            // on the topic (the reader keeps one per id), so the record count can reach GAMES
            // before the last game is in.
            List<GameRecord> all =
                    awaitDistinctGames(kafka, topics, GAMES, Duration.ofSeconds(300));
            assertThat(strikes)
                    .as("the strikes must land mid-run")
                    .allMatch(s -> !s.endsWith(" " + GAMES + " games"));
            Set<String> ids =
                    all.stream()
                            .map(GameRecord::getGameId)
                            .collect(Collectors.toCollection(TreeSet::new));
            Set<String> expected = new TreeSet<>();
            for (int t = 0; t < GAMES / 2; t++) {
                expected.add("double-run-" + t + "/0");
                expected.add("double-run-" + t + "/1");
            }
            assertThat(ids).as(strikes.toString()).isEqualTo(expected);
            for (GameRecord g : all) {
                assertThat(GameRecords.replay(g).isOver())
                        .as(g.getGameId() + " is complete")
                        .isTrue();
            }
            // Nothing left open: the last stable offset of every games partition reaches its end
            // (left-overs of a dead slot are settled once older than the grace period).
            long deadline = System.nanoTime() + HangingTransactions.GRACE.plusSeconds(60).toNanos();
            while (!lastStableOffsets(kafka, topics).equals(endOffsets(kafka, topics))
                    && System.nanoTime() < deadline) {
                Thread.sleep(500);
            }
            assertThat(lastStableOffsets(kafka, topics))
                    .as(strikes.toString())
                    .isEqualTo(endOffsets(kafka, topics));
        } finally {
            for (Process w : workers) {
                w.destroyForcibly();
                w.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static List<TopicPartition> partitions(Topics topics) {
        List<TopicPartition> out = new ArrayList<>();
        for (int p = 0; p < topics.gamePartitions(); p++) {
            out.add(new TopicPartition(topics.games(), p));
        }
        return out;
    }

    private static Map<TopicPartition, Long> lastStableOffsets(KafkaSettings kafka, Topics topics) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            c.assign(partitions(topics));
            return c.endOffsets(partitions(topics));
        }
    }

    private static Map<TopicPartition, Long> endOffsets(KafkaSettings kafka, Topics topics) {
        var props = kafka.consumer(null);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(props)) {
            return c.endOffsets(partitions(topics));
        }
    }
}
