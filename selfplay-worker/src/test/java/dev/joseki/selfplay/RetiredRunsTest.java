package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.Schedule;
import dev.joseki.tournament.TournamentFormat;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A tournament whose SPRT decided leaves up to a window of tasks queued; the workers must commit
 * them without playing, and a later run under the same id must still get its games.
 */
@ExtendWith(KafkaBrokerExtension.class)
class RetiredRunsTest {
    private static List<GameTask> schedule(String limit, int rounds) {
        return Schedule.build(
                List.of(
                        EngineSpec.parse("name=a builtin option.USI_Hash=1 " + limit),
                        EngineSpec.parse("name=b builtin option.USI_Hash=1 " + limit)),
                TournamentFormat.ROUND_ROBIN,
                rounds,
                OpeningSuite.sequential(
                        OpeningSuite.parse(
                                "startpos moves 7g7f 3c3d\nstartpos moves 2g2f 8c8d\n", "test")));
    }

    private static KafkaExecutor executor(KafkaSettings kafka, Topics topics, String id, int max) {
        return new KafkaExecutor(
                new KafkaExecutor.Config(
                        kafka, topics, id + "-group", id, id, max, 8, Duration.ofSeconds(90)));
    }

    private static Map<String, Long> gamesPerId(KafkaSettings kafka, Topics topics, String id) {
        return SelfPlayRun.readAll(kafka, topics).stream()
                .filter(g -> g.getTournamentId().equals(id))
                .collect(Collectors.groupingBy(GameRecord::getGameId, Collectors.counting()));
    }

    @Test
    void tasksQueuedBeforeTheRetirementAreSkippedAndTasksSentAfterItArePlayed(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("retire");
        topics.ensure(kafka);
        List<GameTask> tasks = schedule("depth=1", 2); // 4 games
        // 1. An earlier run of "old" queued its 4 tasks and was retired; nobody played them.
        for (GameTask t : tasks) {
            var task = TournamentGames.task("old", t, 16);
            TopicsForTest.sendRaw(kafka, topics.tasks(), task.getTaskId(), task.toByteArray());
        }
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null));
                KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            RetiredRuns.retire(p, c, topics, "old");
        }
        Map<Integer, Long> marker = RetiredRuns.of(kafka, topics, "old");
        assertThat(marker).isNotNull();
        assertThat(marker.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(4);
        assertThat(RetiredRuns.of(kafka, topics, "other")).isNull();

        // 2. A run of "old" again: the 4 queued tasks are not waited for but sent again, and the
        // worker plays only the new ones.
        Worker worker =
                new Worker(
                        new Worker.Config(kafka, topics, "old-group", 1, "w"),
                        PlayerFactory.standard());
        worker.start();
        try {
            KafkaExecutor again = executor(kafka, topics, "old", 16);
            AtomicInteger got = new AtomicInteger();
            again.execute(tasks, o -> got.incrementAndGet() < 100);
            assertThat(got.get()).isEqualTo(4);
            assertThat(again.requeued()).isZero();
            assertThat(again.sent()).isEqualTo(4);
            // 3. The retired tasks were committed, not played: each game id once, 4 games, and
            // the group has read all 8 tasks.
            assertThat(awaitAllTaken(kafka, topics, "old-group", 8)).isTrue();
            assertThat(gamesPerId(kafka, topics, "old"))
                    .hasSize(4)
                    .allSatisfy((id, n) -> assertThat(n).as(id).isEqualTo(1L));
            assertThat(worker.gamesPublished()).isEqualTo(4);
        } finally {
            worker.stop();
            worker.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aRunThatHasEnoughGamesLeavesItsQueuedTasksUnplayed(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("decide");
        topics.ensure(kafka);
        // 8 games of about a second each (60 plies at 20,000 nodes); the sink has enough after 1.
        List<GameTask> tasks = schedule("nodes=20000", 4);
        Worker worker =
                new Worker(
                        new Worker.Config(kafka, topics, "dec-group", 1, "w"),
                        PlayerFactory.standard());
        worker.start();
        try {
            KafkaExecutor run = executor(kafka, topics, "dec", 60);
            AtomicInteger got = new AtomicInteger();
            run.execute(tasks, o -> got.incrementAndGet() < 1);
            assertThat(run.sent()).isEqualTo(8);
            // The worker takes all 8 tasks but plays at most the one it was in and the next one
            // it took before the marker reached it.
            assertThat(awaitAllTaken(kafka, topics, "dec-group", 8)).isTrue();
            assertThat(gamesPerId(kafka, topics, "dec")).hasSizeBetween(1, 3);
        } finally {
            worker.stop();
            worker.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    /** Whether {@code group} committed offsets summing to {@code tasks} within 60 s. */
    private static boolean awaitAllTaken(
            KafkaSettings kafka, Topics topics, String group, long tasks) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (var admin = org.apache.kafka.clients.admin.Admin.create(kafka.admin())) {
            while (System.nanoTime() < deadline) {
                long taken =
                        admin
                                .listConsumerGroupOffsets(group)
                                .partitionsToOffsetAndMetadata()
                                .get()
                                .entrySet()
                                .stream()
                                .filter(e -> e.getKey().topic().equals(topics.tasks()))
                                .mapToLong(e -> e.getValue() == null ? 0 : e.getValue().offset())
                                .sum();
                if (taken >= tasks) {
                    return true;
                }
                Thread.sleep(200);
            }
        }
        return false;
    }

    @Test
    void aStoppedRunRetiresItsQueuedTrainingAndEvalTasksButNotLaterOnes(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("retire-kinds", 1);
        topics.ensure(kafka);
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null))) {
            // two queued training tasks and one eval task (offsets 0, 1 and 0)
            List<String> topicsOf =
                    List.of(topics.trainTasks(), topics.trainTasks(), topics.evalTasks());
            for (int i = 0; i < topicsOf.size(); i++) {
                p.send(
                                new org.apache.kafka.clients.producer.ProducerRecord<>(
                                        topicsOf.get(i), "tr-1-" + i, new byte[0]))
                        .get(30, TimeUnit.SECONDS);
            }
        }
        RunStop.stop(kafka, topics, "tr-1");
        try (RetiredRuns retired = RetiredRuns.follow(kafka, topics)) {
            assertThat(retired.covers(topics, "tr-1", topics.trainTasks(), 0, 1)).isTrue();
            assertThat(retired.covers(topics, "tr-1", topics.trainTasks(), 0, 2)).isFalse();
            assertThat(retired.covers(topics, "tr-1", topics.evalTasks(), 0, 0)).isTrue();
            assertThat(retired.covers(topics, "tr-1", topics.evalTasks(), 0, 1)).isFalse();
            // the self-play tasks topic was empty: nothing of it is retired
            assertThat(retired.covers(topics, "tr-1", topics.tasks(), 0, 0)).isFalse();
            assertThat(retired.covers(topics, "tr-2", topics.trainTasks(), 0, 0)).isFalse();
        }
    }
}
