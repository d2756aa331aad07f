package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KafkaBrokerExtension.class)
class RunStopTest {
    @Test
    void aStopUnderAPrefixWithoutRunsIsRefusedInSecondsNamingThePrefixesThatHaveThem(
            KafkaBroker broker) {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics.withPrefix("stop-b", 1).ensure(kafka);
        Topics.withPrefix("stop-a", 1).ensure(kafka);

        long start = System.nanoTime();
        // a mistyped --topic-prefix: nothing was ever started under it on this broker
        assertThatThrownBy(() -> RunStop.stop(kafka, Topics.withPrefix("sprt"), "g4-vs-main"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "no run to stop under topic prefix 'sprt' on "
                                + broker.bootstrapServers()
                                + " (no topic sprt.selfplay.tasks.retired); runs are under"
                                + " --topic-prefix ")
                // the broker is shared with other test classes: their prefixes are listed too
                .hasMessageContaining("stop-a")
                .hasMessageContaining("stop-b");
        // without the check the send waits a minute for the topic (max.block.ms)
        assertThat((System.nanoTime() - start) / 1_000_000_000.0).isLessThan(20.0);
    }

    @Test
    void aStopUnderAPrefixWithRunsIsAccepted(KafkaBroker broker) {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("stop-ok", 1);
        topics.ensure(kafka);
        send(kafka, topics.tasks(), "some-run-g1");

        RunStop.stop(kafka, topics, "some-run");

        try (RetiredRuns retired = RetiredRuns.follow(kafka, topics)) {
            // the run's one queued task (offset 0) is retired, a later task (offset 1) is not
            assertThat(retired.covers(topics, "some-run", topics.tasks(), 0, 0)).isTrue();
            assertThat(retired.covers(topics, "some-run", topics.tasks(), 0, 1)).isFalse();
        }
    }

    @Test
    void aMistypedRunIdIsRefusedNamingTheRunsThatExist(KafkaBroker broker) {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("stop-typo", 1);
        topics.ensure(kafka);
        // a tournament's game task, a self-play run's batch, and a run known only by its record
        send(kafka, topics.tasks(), "g4-vs-hkn-g7");
        send(kafka, topics.tasks(), "selfplay-1-b0");
        send(kafka, topics.runs(), "yo9-vs-hkn");

        // "g4" is a prefix of a real run's id, not a run
        assertThatThrownBy(() -> RunStop.stop(kafka, topics, "g4"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "no run 'g4' under topic prefix 'stop-typo' on "
                                + broker.bootstrapServers()
                                + "; runs there: g4-vs-hkn, selfplay-1, yo9-vs-hkn");
        RunStop.stop(kafka, topics, "g4-vs-hkn");
        RunStop.stop(kafka, topics, "selfplay-1");
        RunStop.stop(kafka, topics, "yo9-vs-hkn");
    }

    private static void send(KafkaSettings kafka, String topic, String key) {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null))) {
            p.send(new ProducerRecord<>(topic, key, new byte[] {1})).get(15, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
