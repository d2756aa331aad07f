package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code run stop} on a real broker: a prefix that holds no runs, or an id that no run has, is a
 * user error in one line.
 */
@Tag("full")
@ExtendWith(KafkaBrokerExtension.class)
class RunCommandTest {
    @Test
    void aStopUnderTheWrongTopicPrefixIsOneLineNamingThePrefixThatHasRunsExitTwo(
            KafkaBroker broker) {
        Topics.withPrefix("run-cmd", 1).ensure(KafkaSettings.of(broker.bootstrapServers()));

        Cli.Run r =
                Cli.run(
                        "run",
                        "stop",
                        "g4-vs-main",
                        "--bootstrap-servers",
                        broker.bootstrapServers(),
                        "--topic-prefix",
                        "sprt");

        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .startsWith(
                        "joseki run stop: no run to stop under topic prefix 'sprt' on "
                                + broker.bootstrapServers()
                                + " (no topic sprt.selfplay.tasks.retired); runs are under"
                                + " --topic-prefix ")
                .contains("run-cmd")
                .doesNotContain("internal error")
                .hasLineCount(1);
    }

    @Test
    void aStopOfAnIdNoRunHasIsOneLineNamingTheRunsThereExitTwo(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("run-typo", 1);
        topics.ensure(kafka);
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null))) {
            p.send(new ProducerRecord<>(topics.tasks(), "g4-vs-main-g1", new byte[] {1}))
                    .get(15, TimeUnit.SECONDS);
        }

        Cli.Run r =
                Cli.run(
                        "run",
                        "stop",
                        "g4-vs-mian",
                        "--bootstrap-servers",
                        broker.bootstrapServers(),
                        "--topic-prefix",
                        "run-typo");

        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).hasLineCount(1);
        assertThat(r.err().strip())
                .isEqualTo(
                        "joseki run stop: no run 'g4-vs-mian' under topic prefix 'run-typo' on "
                                + broker.bootstrapServers()
                                + "; runs there: g4-vs-main");
    }
}
