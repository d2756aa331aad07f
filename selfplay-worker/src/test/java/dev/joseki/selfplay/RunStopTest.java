package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
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

        RunStop.stop(kafka, topics, "some-run");

        try (RetiredRuns retired = RetiredRuns.follow(kafka, topics)) {
            // an empty task topic: the marker covers nothing, but the broker took it
            assertThat(retired.covers(topics, "some-run", topics.tasks(), 0, 0)).isFalse();
        }
    }
}
