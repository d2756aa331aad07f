package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.PositionEval;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * As {@link BrokerRestartTest}, for evaluations: the broker goes away three times (SIGTERM,
 * SIGKILL, SIGTERM) while two slots commit one-position eval tasks back to back (50 nodes each), so
 * each restart lands inside or right next to a commit. The evals topic (read committed) ends with
 * every eval id exactly once and no open transaction left.
 */
class EvalBrokerRestartTest {
    private static final int POSITIONS = 160;

    @Test
    void restartsInsideCommitsLoseNoEvalAndDuplicateNone() throws Exception {
        // A broker of its own, for the reason given in BrokerRestartTest.
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
            Topics topics = Topics.withPrefix("evalrestart");
            topics.ensure(kafka);
            EvalRun run =
                    new EvalRun(
                            "evalrestart-run",
                            new EvalRun.Spec(
                                    EvalWorkerKillTest.shippedPositions(POSITIONS),
                                    TestEngines.tinyBuiltinSpec(),
                                    SearchLimit.nodes(50),
                                    2,
                                    1));

            Worker.Config cfg =
                    new Worker.Config(kafka, topics, "evalrestart-group", 2, "evalrestart-worker");
            try (Worker worker = new Worker(cfg, PlayerFactory.standard())) {
                worker.start();
                assertThat(
                                SelfPlayRun.awaitWorkers(
                                        kafka,
                                        topics.evalTasks(),
                                        "evalrestart-group",
                                        2,
                                        Duration.ofSeconds(180)))
                        .isTrue();
                var from = EvalRun.evalsEnd(kafka, topics);
                run.publish(kafka, topics, "evalrestart-group");
                List<String> restarts =
                        BrokerStrikes.strikeThrice(broker, worker::evalsPublished, "evals");
                assertThat(worker.evalsPublished())
                        .as("the restarts must land mid-run: " + restarts)
                        .isLessThan(POSITIONS);

                assertThat(run.await(kafka, topics, from, n -> {}, Duration.ofSeconds(240)))
                        .hasSize(POSITIONS);
                Thread.sleep(2000); // a duplicate committed late would show up here
                List<PositionEval> all = EvalRun.readAll(kafka, topics);
                Set<String> expected = new TreeSet<>();
                for (int i = 0; i < POSITIONS; i++) {
                    expected.add(run.evalId(i));
                }
                assertThat(all.stream().map(PositionEval::getEvalId).collect(Collectors.toSet()))
                        .as("restarts " + restarts)
                        .isEqualTo(expected);
                assertThat(all)
                        .as("each eval exactly once; restarts " + restarts)
                        .hasSize(POSITIONS);
                assertThat(all)
                        .allSatisfy(
                                e -> assertThat(e.getMovesCount()).as(e.getEvalId()).isEqualTo(2));
                assertThat(worker.evalsPublished()).isEqualTo(POSITIONS);
                // Nothing left open: the last stable offset of every evals partition is its end.
                assertThat(offsets(kafka, topics, "read_committed"))
                        .isEqualTo(offsets(kafka, topics, "read_uncommitted"));
            }
        }
    }

    private static Map<TopicPartition, Long> offsets(
            KafkaSettings kafka, Topics topics, String isolation) {
        var props = kafka.consumer(null);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        List<TopicPartition> parts = new ArrayList<>();
        for (int p = 0; p < topics.gamePartitions(); p++) {
            parts.add(new TopicPartition(topics.evals(), p));
        }
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(props)) {
            return c.endOffsets(parts);
        }
    }
}
