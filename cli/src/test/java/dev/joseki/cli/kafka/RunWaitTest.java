package dev.joseki.cli.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.cli.command.Progress;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.RunStatus;
import dev.joseki.selfplay.RunBoard;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A command's wait on a real broker: the progress line and the end record on the runs topic. */
@Tag("full")
@ExtendWith(KafkaBrokerExtension.class)
class RunWaitTest {
    static final EngineSpec ENGINE = EngineSpec.builtin("a", SearchLimit.nodes(100));

    static BoardedRun announce(KafkaSettings kafka, Topics topics, String id, int games, long pos) {
        return BoardedRun.announce(
                kafka,
                topics,
                RunBoard.started(
                        id, "evaluate", List.of(ENGINE), "nodes=100", games, pos, Instant.now()));
    }

    /** The latest record of each run on the runs topic. */
    static Map<String, RunInfo> runs(KafkaSettings kafka, Topics topics) throws Exception {
        Map<String, RunInfo> latest = new HashMap<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            List<TopicPartition> parts =
                    c.partitionsFor(topics.runs()).stream()
                            .map(p -> new TopicPartition(p.topic(), p.partition()))
                            .toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            Map<TopicPartition, Long> end = c.endOffsets(parts);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (parts.stream().anyMatch(p -> c.position(p) < end.get(p))) {
                assertThat(System.nanoTime()).as("reading the runs topic").isLessThan(deadline);
                for (ConsumerRecord<String, byte[]> r : c.poll(Duration.ofMillis(200))) {
                    latest.put(r.key(), RunInfo.parseFrom(r.value()));
                }
            }
        }
        return latest;
    }

    static Progress bar(StringWriter err, long total) {
        return new Progress(
                new PrintWriter(err), Progress.Unit.POSITIONS, total, true, false, 0, () -> 0L);
    }

    @Test
    void aWaitThatEndsWritesWhatItsCountsSayOnTheEndRecord(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("runwait-done");
        topics.ensure(kafka);
        StringWriter err = new StringWriter();
        AtomicReference<String> seen = new AtomicReference<>();
        Map<TopicPartition, Long> from = Map.of(new TopicPartition(topics.evals(), 0), 7L);
        String got =
                RunWait.await(
                        announce(kafka, topics, "ev-done", 0, 3),
                        (k, t, f, recorded, timeout, stalled) -> {
                            assertThat(k).isEqualTo(kafka);
                            assertThat(t).isEqualTo(topics);
                            assertThat(f).isEqualTo(from);
                            assertThat(timeout).isEqualTo(Duration.ofMinutes(3));
                            recorded.accept(1);
                            recorded.accept(3);
                            assertThat(stalled.get()).as("workers are there").isNull();
                            return "three evals";
                        },
                        from,
                        Duration.ofMinutes(3),
                        bar(err, 3),
                        () -> null,
                        (recorded, records) -> {
                            seen.set(records);
                            return new RunWait.Done(0, recorded);
                        });
        assertThat(got).isEqualTo("three evals");
        assertThat(seen).hasValue("three evals");
        assertThat(err.toString()).contains("3/3 positions");
        RunInfo end = runs(kafka, topics).get("ev-done");
        assertThat(end.getStatus()).isEqualTo(RunStatus.RUN_STATUS_FINISHED);
        assertThat(end.getDoneGames()).isZero();
        assertThat(end.getDonePositions()).isEqualTo(3);
    }

    @Test
    void aFailedWaitEndsWithItsErrorAndTheCountSoFar(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("runwait-failed");
        topics.ensure(kafka);
        AtomicReference<Object> seen = new AtomicReference<>("not asked");
        assertThatThrownBy(
                        () ->
                                RunWait.<String>await(
                                        announce(kafka, topics, "tr-failed", 10, 0),
                                        (k, t, f, recorded, timeout, stalled) -> {
                                            recorded.accept(4);
                                            throw new IllegalStateException(stalled.get());
                                        },
                                        Map.of(),
                                        Duration.ofMinutes(3),
                                        bar(new StringWriter(), 10),
                                        () -> "no worker left",
                                        (recorded, records) -> {
                                            seen.set(records);
                                            return new RunWait.Done(recorded, 0);
                                        }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no worker left");
        assertThat(seen.get()).as("no records after a failure").isNull();
        RunInfo end = runs(kafka, topics).get("tr-failed");
        assertThat(end.getStatus()).isEqualTo(RunStatus.RUN_STATUS_FAILED);
        assertThat(end.getDetail()).isEqualTo("no worker left");
        assertThat(end.getDoneGames()).isEqualTo(4);
    }
}
