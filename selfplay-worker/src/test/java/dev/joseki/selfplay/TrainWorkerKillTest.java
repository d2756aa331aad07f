package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.BuiltinPlayer;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.TrainTask;
import dev.joseki.records.proto.TrainingPosition;
import dev.joseki.tournament.OpeningSuite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two real worker JVMs share a training run of 12 games; one is SIGKILLed while it labels a game.
 * Read committed, the train games topic must then hold each game once and the positions topic each
 * position of those games exactly once, and the game the victim was playing is labelled by the
 * survivor as a fresh teacher in this JVM labels it.
 */
@ExtendWith(KafkaBrokerExtension.class)
class TrainWorkerKillTest {
    private static final int GAMES = 12;
    private static final int MIN_PLY = 6;

    @Test
    void sigkilledWorkerLosesNoPositionAndDuplicatesNone(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("trainkill");
        topics.ensure(kafka);
        EngineSpec teacher = TestEngines.tinyBuiltinSpec();
        TrainRun run =
                new TrainRun(
                        "trainkill-run",
                        new TrainRun.Spec(
                                new SelfPlayRun.Spec(
                                        GAMES,
                                        SearchLimit.nodes(3_000),
                                        null,
                                        0,
                                        42,
                                        teacher,
                                        teacher,
                                        60,
                                        OpeningSuite.shipped(42),
                                        new Sampling(2, 30, 4)),
                                MIN_PLY));

        Path logs = Files.createDirectories(Path.of("target", "train-kill-logs"));
        List<Process> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            workers.add(
                    WorkerProcess.start(
                            broker.bootstrapServers(),
                            "trainkill-group",
                            "trainkill",
                            logs.resolve("worker-" + i + ".log"),
                            "-Xmx256m"));
        }
        try {
            assertThat(
                            SelfPlayRun.awaitWorkers(
                                    kafka,
                                    topics.trainTasks(),
                                    "trainkill-group",
                                    2,
                                    Duration.ofSeconds(180)))
                    .isTrue();
            var from = TrainRun.gamesEnd(kafka, topics);
            run.publish(kafka, topics, "trainkill-group");
            Path victimLog = logs.resolve("worker-0.log");
            // Kill while the victim is inside a task (its last task line is "labelling").
            String inFlight = WorkerLog.awaitTaskInFlight(victimLog, Duration.ofSeconds(180));
            Process victim = workers.get(0);
            victim.destroyForcibly(); // SIGKILL: no shutdown hook, no clean leave, no commit
            assertThat(victim.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(TrainRun.readGames(kafka, topics).size())
                    .as("the kill must land mid-run")
                    .isLessThan(GAMES);
            String victimId = WorkerLog.workerId(victimLog);

            var got = run.await(kafka, topics, from, n -> {}, Duration.ofSeconds(480));
            assertThat(got).hasSize(GAMES);
            Thread.sleep(3000); // a duplicate committed late would show up here
            List<GameRecord> games = TrainRun.readGames(kafka, topics);
            List<TrainingPosition> all = TrainRun.readPositions(kafka, topics);

            assertThat(games).as("each game exactly once").hasSize(GAMES);
            Set<String> expected = new TreeSet<>();
            for (GameRecord g : games) {
                // The shipped openings start from the start position: move i is played from the
                // position of move number i + 1.
                for (int i = 0; i < g.getMovesCount(); i++) {
                    boolean searched =
                            g.getMoves(i).getBookSource()
                                    == dev.joseki.records.proto.BookSource.BOOK_SOURCE_NONE;
                    if (searched && i + 1 >= MIN_PLY) {
                        expected.add(g.getGameId() + "/" + (i + 1));
                    }
                }
            }
            assertThat(expected).isNotEmpty();
            assertThat(
                            all.stream()
                                    .map(TrainingPosition::getPositionId)
                                    .collect(Collectors.toSet()))
                    .isEqualTo(expected);
            assertThat(all).as("each position exactly once").hasSize(expected.size());

            // The task the victim was labelling was finished, once, by the survivor, with the
            // positions a fresh teacher here gives: nothing depends on the worker.
            List<TrainingPosition> redone =
                    all.stream()
                            .filter(p -> p.getGameId().equals(inFlight + "/0"))
                            .sorted(java.util.Comparator.comparingInt(TrainingPosition::getPly))
                            .toList();
            assertThat(redone).isNotEmpty();
            assertThat(redone).allSatisfy(p -> assertThat(p.getWorkerId()).isNotEqualTo(victimId));
            TrainTask task =
                    run.tasks().stream()
                            .filter(t -> t.getTaskId().equals(inFlight))
                            .findFirst()
                            .orElseThrow();
            List<TrainingPosition> fresh;
            try (BuiltinPlayer a = new BuiltinPlayer(teacher.options());
                    BuiltinPlayer b = new BuiltinPlayer(teacher.options())) {
                fresh =
                        new TaskPositions(new TaskGames("here", "v"))
                                .label(task, a, b, () -> false)
                                .positions();
            }
            assertThat(fresh.stream().map(TrainingPosition::getSfen).toList())
                    .isEqualTo(redone.stream().map(TrainingPosition::getSfen).toList());
            assertThat(fresh.stream().map(p -> p.getBestMove() + " " + p.getScore()).toList())
                    .isEqualTo(
                            redone.stream()
                                    .map(p -> p.getBestMove() + " " + p.getScore())
                                    .toList());

            Process survivor = workers.get(1);
            survivor.destroy();
            assertThat(survivor.waitFor(40, TimeUnit.SECONDS)).isTrue();
            assertThat(TrainRun.readPositions(kafka, topics)).hasSize(expected.size());
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
