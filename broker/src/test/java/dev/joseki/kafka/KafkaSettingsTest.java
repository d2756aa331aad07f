package dev.joseki.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaSettingsTest {
    private static final String JAAS = "org.apache.kafka.common.security.scram.ScramLoginModule required "
            + "username=\"alice\" password=\"s3cret-jaas\";";

    @Test
    void passwordsAndJaasConfigAreSecretsButProtocolAndLocationsAreNot() {
        // Kafka's documentation lists these as type "password".
        assertThat(KafkaSettings.isSecret("sasl.jaas.config")).isTrue();
        assertThat(KafkaSettings.isSecret("ssl.truststore.password")).isTrue();
        assertThat(KafkaSettings.isSecret("ssl.keystore.password")).isTrue();
        assertThat(KafkaSettings.isSecret("ssl.key.password")).isTrue();
        assertThat(KafkaSettings.isSecret("security.protocol")).isFalse();
        assertThat(KafkaSettings.isSecret("sasl.mechanism")).isFalse();
        assertThat(KafkaSettings.isSecret("ssl.truststore.location")).isFalse();
        assertThat(KafkaSettings.isSecret("no.such.setting")).isFalse();
    }

    @Test
    void toStringHidesSecretValuesAndKeepsTheRest() {
        KafkaSettings s = new KafkaSettings("broker:9093", Map.of("sasl.jaas.config", JAAS,
                "ssl.truststore.password", "s3cret-store", "security.protocol", "SASL_SSL"));
        assertThat(s.toString())
                .doesNotContain("s3cret")
                .contains("broker:9093", "security.protocol=SASL_SSL", "sasl.jaas.config=[hidden]",
                        "ssl.truststore.password=[hidden]");
    }
}
