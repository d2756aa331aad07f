package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.BuiltinPlayer;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvalTask;
import dev.joseki.records.proto.PositionEval;
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
 * Two real worker JVMs share 60 positions (20 eval tasks of 3); one is SIGKILLed while it evaluates
 * a task. Read committed, the evals topic must then hold each of the 60 eval ids exactly once, and
 * the task the victim was evaluating is finished by the survivor with the same evaluations a fresh
 * engine gives.
 */
@ExtendWith(KafkaBrokerExtension.class)
class EvalWorkerKillTest {
    private static final int POSITIONS = 60;
    private static final int PER_TASK = 3;

    /**
     * The first positions of the shipped opening suite: real lines, several of them White to move.
     */
    static List<EvalPosition> shippedPositions(int n) {
        List<EvalPosition> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(
                    EvalRun.position(
                            OpeningSuite.shippedLines()
                                    .get(i % OpeningSuite.shippedLines().size())));
        }
        return out;
    }

    @Test
    void sigkilledWorkerLosesNoEvalAndDuplicatesNone(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("evalkill");
        topics.ensure(kafka);
        EngineSpec tiny = TestEngines.tinyBuiltinSpec();
        EvalRun run =
                new EvalRun(
                        "evalkill-run",
                        new EvalRun.Spec(
                                shippedPositions(POSITIONS),
                                tiny,
                                SearchLimit.nodes(20_000),
                                2,
                                PER_TASK));

        Path logs = Files.createDirectories(Path.of("target", "eval-kill-logs"));
        List<Process> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            workers.add(
                    WorkerProcess.start(
                            broker.bootstrapServers(),
                            "evalkill-group",
                            "evalkill",
                            logs.resolve("worker-" + i + ".log"),
                            "-Xmx256m"));
        }
        try {
            assertThat(
                            SelfPlayRun.awaitWorkers(
                                    kafka,
                                    topics.evalTasks(),
                                    "evalkill-group",
                                    2,
                                    Duration.ofSeconds(180)))
                    .isTrue();
            var from = EvalRun.evalsEnd(kafka, topics);
            run.publish(kafka, topics, "evalkill-group");
            long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
            while (EvalRun.readAll(kafka, topics).size() < 2 * PER_TASK
                    && System.nanoTime() < deadline) {
                Thread.sleep(100); // until a few tasks are in: the workers are under way
            }
            Path victimLog = logs.resolve("worker-0.log");
            // Kill while the victim is inside a task (its last task line is "evaluating", not
            // "committed").
            String inFlight = WorkerLog.awaitTaskInFlight(victimLog, Duration.ofSeconds(180));
            Process victim = workers.get(0);
            victim.destroyForcibly(); // SIGKILL: no shutdown hook, no clean leave, no commit
            assertThat(victim.waitFor(10, TimeUnit.SECONDS)).isTrue();
            int before = EvalRun.readAll(kafka, topics).size();
            assertThat(before).as("the kill must land mid-run").isLessThan(POSITIONS);
            String victimId = WorkerLog.workerId(victimLog);

            var got = run.await(kafka, topics, from, n -> {}, Duration.ofSeconds(480));
            assertThat(got).hasSize(POSITIONS);
            Thread.sleep(3000); // a duplicate committed late would show up here
            List<PositionEval> all = EvalRun.readAll(kafka, topics);

            Set<String> expected = new TreeSet<>();
            for (int i = 0; i < POSITIONS; i++) {
                expected.add(run.evalId(i));
            }
            assertThat(all.stream().map(PositionEval::getEvalId).collect(Collectors.toSet()))
                    .isEqualTo(expected);
            assertThat(all).as("each eval exactly once").hasSize(POSITIONS);
            assertThat(all)
                    .allSatisfy(e -> assertThat(e.getMovesCount()).as(e.getEvalId()).isEqualTo(2));
            assertThat(all.stream().map(PositionEval::getWorkerId).distinct().count()).isEqualTo(2);
            // The task the victim was evaluating was finished, once, by the survivor ...
            List<PositionEval> redone =
                    all.stream().filter(e -> e.getTaskId().equals(inFlight)).toList();
            assertThat(redone).hasSize(PER_TASK);
            assertThat(redone).allSatisfy(e -> assertThat(e.getWorkerId()).isNotEqualTo(victimId));
            // ... with the evaluations a fresh engine in this JVM gives: nothing depends on the
            // worker.
            EvalTask task =
                    run.tasks().stream()
                            .filter(t -> t.getTaskId().equals(inFlight))
                            .findFirst()
                            .orElseThrow();
            List<PositionEval> fresh;
            try (BuiltinPlayer p = new BuiltinPlayer(tiny.options())) {
                fresh = new TaskEvals("here", "v").evaluate(task, p, () -> false);
            }
            assertThat(fresh).hasSize(PER_TASK);
            for (PositionEval f : fresh) {
                PositionEval r =
                        redone.stream()
                                .filter(e -> e.getEvalId().equals(f.getEvalId()))
                                .findFirst()
                                .orElseThrow();
                assertThat(r.getMovesList()).isEqualTo(f.getMovesList());
                assertThat(r.getPositionKey()).isEqualTo(f.getPositionKey());
            }

            // SIGTERM: the survivor leaves cleanly; the topic still holds each eval exactly once.
            Process survivor = workers.get(1);
            survivor.destroy();
            assertThat(survivor.waitFor(40, TimeUnit.SECONDS)).isTrue();
            assertThat(EvalRun.readAll(kafka, topics)).hasSize(POSITIONS);
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
