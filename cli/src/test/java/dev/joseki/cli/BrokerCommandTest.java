package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.cli.command.ExitCodes;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The broker's listener settings and its start-up errors; the running broker is smoke.sh's part (a
 * container).
 */
class BrokerCommandTest {
    @Test
    void containerBrokerListensOnEveryInterfaceButAdvertisesItsServiceName() {
        // What the compose file's kafka service runs: --host 0.0.0.0 --advertise kafka --port 9092.
        assertThat(BrokerCommand.listenerConfig("0.0.0.0", "kafka", 9092, 9093))
                .isEqualTo(
                        Map.of(
                                "listeners", "PLAINTEXT://0.0.0.0:9092,CONTROLLER://127.0.0.1:9093",
                                "advertised.listeners", "PLAINTEXT://kafka:9092"));
    }

    @Test
    void advertisedNameDefaultsToTheListenAddress() {
        assertThat(BrokerCommand.advertisedHost("127.0.0.1", Optional.empty()))
                .isEqualTo("127.0.0.1");
        assertThat(BrokerCommand.advertisedHost("0.0.0.0", Optional.of("kafka")))
                .isEqualTo("kafka");
    }

    @Test
    void wildcardAddressWithoutAdvertisedNameIsAUsageError() {
        assertThatThrownBy(() -> BrokerCommand.advertisedHost("0.0.0.0", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--advertise");
        Cli.Run run = Cli.run("broker", "--host", "0.0.0.0");
        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().strip())
                .isEqualTo(
                        "joseki broker: --host 0.0.0.0 needs --advertise HOST, the name clients"
                                + " reach this broker by");
    }

    @Test
    void takenPortFailsInOneLineBeforeAnyBrokerStarts() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();
            Cli.Run run = Cli.run("broker", "--port", Integer.toString(port));
            assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
            assertThat(run.err())
                    .startsWith("joseki broker: cannot listen on 127.0.0.1:" + port + " (")
                    .contains("use --port")
                    .doesNotContain("Exception\n\tat ");
            assertThat(run.err().strip().lines()).hasSize(1);
        }
    }
}
