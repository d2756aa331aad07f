package dev.joseki.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The secured test broker lets in exactly the clients that have the CA and the SCRAM password. */
class SecuredKafkaBrokerTest {
    @TempDir static Path dir;
    static SecuredKafkaBroker broker;

    @BeforeAll
    static void start() {
        broker = SecuredKafkaBroker.start(dir);
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    private static int brokersSeenWith(Map<String, String> client) throws Exception {
        Properties p = new Properties();
        p.putAll(client);
        p.put("bootstrap.servers", broker.bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            return admin.describeCluster().nodes().get(20, TimeUnit.SECONDS).size();
        }
    }

    @Test
    void theUserWithTheRightPasswordAndTheCaCertificateIsLetIn() throws Exception {
        assertThat(
                        brokersSeenWith(
                                broker.clientProperties(
                                        SecuredKafkaBroker.USER, broker.password())))
                .isEqualTo(1);
    }

    @Test
    void aWrongPasswordIsRefusedBySasl() {
        assertThatThrownBy(
                        () ->
                                brokersSeenWith(
                                        broker.clientProperties(SecuredKafkaBroker.USER, "wrong")))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(SaslAuthenticationException.class);
    }

    @Test
    void aClientThatDoesNotTrustTheCaFailsTheTlsHandshake() {
        Map<String, String> noCa =
                new java.util.HashMap<>(
                        broker.clientProperties(SecuredKafkaBroker.USER, broker.password()));
        noCa.keySet()
                .removeIf(
                        k -> k.startsWith("ssl.truststore")); // the JDK's own CAs do not know ours
        assertThatThrownBy(() -> brokersSeenWith(noCa))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(SslAuthenticationException.class);
    }
}
