package dev.joseki.cli.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.ExecutionException;
import javax.net.ssl.SSLHandshakeException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.junit.jupiter.api.Test;

/** The one-line messages for refused client settings, from the exceptions Kafka's clients throw. */
class KafkaAuthenticationTest {
    private static final Map<String, String> SCRAM_256 =
            Map.of("security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-256");

    @Test
    void aSaslFailureNamesTheBrokerAndTheMechanismAndPointsToTheConfigFile() {
        Throwable e =
                new ExecutionException(
                        new SaslAuthenticationException(
                                "Authentication failed during authentication due to invalid"
                                        + " credentials with SASL mechanism SCRAM-SHA-256"));
        assertThat(KafkaAuthentication.message(e, "kafka-1:9093", SCRAM_256))
                .isEqualTo(
                        "authentication to the Kafka broker at kafka-1:9093 failed"
                                + " (SASL/SCRAM-SHA-256): check the username and password in"
                                + " --kafka-config");
    }

    @Test
    void aSaslFailureReportedWithoutSettingsClaimsNoMechanism() {
        Throwable e =
                new IllegalStateException(
                        "cannot create topics",
                        new SaslAuthenticationException("invalid credentials"));
        assertThat(KafkaAuthentication.message(e, null, Map.of()))
                .isEqualTo(
                        "authentication to the Kafka broker failed (SASL): check the username and"
                                + " password in --kafka-config");
    }

    @Test
    void aTlsFailureDeepInTheCausesGivesTheHandshakeReasonAndTheTruststoreSettings() {
        Throwable e =
                new IllegalStateException(
                        "cannot create topics",
                        new SslAuthenticationException(
                                "SSL handshake failed",
                                new SSLHandshakeException(
                                        "PKIX path building failed: unable to find valid"
                                                + " certification path to requested target")));
        assertThat(KafkaAuthentication.message(e, "kafka-1:9093", SCRAM_256))
                .isEqualTo(
                        "TLS handshake with the Kafka broker at kafka-1:9093 failed (PKIX path"
                                + " building failed: unable to find valid certification path to"
                                + " requested target): check ssl.truststore.location and"
                                + " ssl.truststore.password in --kafka-config");
    }

    @Test
    void aMissingAuthorizationIsReportedAsRefusedAccess() {
        Throwable e =
                new ExecutionException(
                        new TopicAuthorizationException(
                                "Not authorized to access topics: [joseki.games]"));
        assertThat(KafkaAuthentication.message(e, null, Map.of()))
                .isEqualTo(
                        "the Kafka broker refused access (Not authorized to access topics:"
                                + " [joseki.games]): check the user's ACLs");
    }

    @Test
    void settingsTheClientCannotLoadAreReportedWithTheInnermostReason() {
        Throwable e =
                new KafkaException(
                        "Failed to create new KafkaAdminClient",
                        new KafkaException(
                                "Failed to load SSL keystore",
                                new java.io.FileNotFoundException(
                                        "/etc/kafka/trust.p12 (No such file or directory)")));
        assertThat(KafkaAuthentication.message(e, "kafka-1:9093", Map.of()))
                .isEqualTo(
                        "unusable Kafka client settings (--kafka-config, --kafka-property):"
                                + " /etc/kafka/trust.p12 (No such file or directory)");
    }

    @Test
    void otherFailuresAreNotAuthenticationMatters() {
        assertThat(
                        KafkaAuthentication.message(
                                new IllegalStateException(
                                        "cannot create topics",
                                        new org.apache.kafka.common.errors.TimeoutException(
                                                "Timed out waiting for a node assignment")),
                                "h:1",
                                Map.of()))
                .isNull();
        assertThat(
                        KafkaAuthentication.message(
                                new KafkaException("Producer closed"), "h:1", Map.of()))
                .isNull();
    }

    @Test
    void theReasonIsOneLineCutTo200Characters() {
        String reason =
                KafkaAuthentication.detail(
                        new RuntimeException("line one\nline two " + "x".repeat(500)));
        assertThat(reason)
                .doesNotContain("\n")
                .startsWith("line one line two x")
                .endsWith("...")
                .hasSize(203);
    }
}
