package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code run stop} on a real broker: a prefix that holds no runs is a user error in one line. */
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
}
