package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.tournament.OpeningSuite;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The waits of evaluate and train data end as selfplay's does when told that nothing more can come:
 * one StalledRunException saying how much arrived and why, long before their time-out.
 */
@ExtendWith(KafkaBrokerExtension.class)
class StalledRunExceptionTest {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    /** Null twice (workers still there), then the reason. */
    private static Supplier<String> stallsAtTheThirdAsk(AtomicInteger asked) {
        return () -> asked.incrementAndGet() < 3 ? null : "no worker";
    }

    @Test
    void anEvaluationWaitEndsWhenNoMoreCanComeSayingHowManyArrived(KafkaBroker broker) {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("stall-eval");
        topics.ensure(kafka);
        List<EvalPosition> positions =
                List.of(
                        EvalPosition.getDefaultInstance(),
                        EvalPosition.getDefaultInstance(),
                        EvalPosition.getDefaultInstance());
        EvalRun run =
                new EvalRun(
                        "ev-stall",
                        new EvalRun.Spec(
                                positions,
                                TestEngines.tinyBuiltinSpec(),
                                SearchLimit.nodes(10),
                                1,
                                4));
        AtomicInteger asked = new AtomicInteger();
        long t0 = System.nanoTime();

        assertThatThrownBy(
                        () ->
                                run.await(
                                        kafka,
                                        topics,
                                        EvalRun.evalsEnd(kafka, topics),
                                        n -> {},
                                        TIMEOUT,
                                        stallsAtTheThirdAsk(asked)))
                .isInstanceOf(StalledRunException.class)
                .hasMessage(
                        "batch ev-stall: 0 of 3 positions evaluated, and no more will be: no"
                                + " worker");
        assertThat(asked.get()).isEqualTo(3);
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofMinutes(1));
    }

    @Test
    void aTrainingWaitEndsWhenNoMoreCanComeSayingHowManyArrived(KafkaBroker broker) {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("stall-train");
        topics.ensure(kafka);
        EngineSpec teacher = TestEngines.tinyBuiltinSpec();
        TrainRun run =
                new TrainRun(
                        "tr-stall",
                        new TrainRun.Spec(
                                new SelfPlayRun.Spec(
                                        2,
                                        SearchLimit.nodes(10),
                                        null,
                                        0,
                                        1,
                                        teacher,
                                        teacher,
                                        20,
                                        OpeningSuite.startPosition(),
                                        Sampling.OFF),
                                1));
        AtomicInteger asked = new AtomicInteger();

        assertThatThrownBy(
                        () ->
                                run.await(
                                        kafka,
                                        topics,
                                        TrainRun.gamesEnd(kafka, topics),
                                        n -> {},
                                        TIMEOUT,
                                        stallsAtTheThirdAsk(asked)))
                .isInstanceOf(StalledRunException.class)
                .hasMessage("run tr-stall: 0 of 2 games arrived, and no more will: no worker");
        assertThat(asked.get()).isEqualTo(3);
    }
}
