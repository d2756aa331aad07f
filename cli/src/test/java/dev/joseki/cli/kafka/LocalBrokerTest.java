package dev.joseki.cli.kafka;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class LocalBrokerTest {
    private static KafkaOptions cluster(String bootstrap) {
        KafkaOptions k = new KafkaOptions();
        k.bootstrapServers = bootstrap;
        return k;
    }

    @Test
    void localWithBootstrapServersIsRefusedInOneLineBeforeAnyConnection() {
        LocalBroker b = new LocalBroker();
        b.local = true;
        String both = "--local runs its own broker: give --local or --bootstrap-servers, not both";
        assertThatThrownBy(() -> b.check(cluster("h:9092")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(both);
        assertThatThrownBy(() -> b.open(cluster("h:9092"), new PrintWriter(new StringWriter())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(both);
    }

    @Test
    void eitherAloneIsAccepted() {
        LocalBroker b = new LocalBroker();
        assertThatCode(() -> b.check(cluster("h:9092"))).doesNotThrowAnyException();
        b.local = true;
        assertThatCode(() -> b.check(cluster(null))).doesNotThrowAnyException();
    }
}
