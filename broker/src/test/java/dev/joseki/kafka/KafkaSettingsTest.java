package dev.joseki.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaSettingsTest {
    private static final String JAAS =
            "org.apache.kafka.common.security.scram.ScramLoginModule required "
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
        KafkaSettings s =
                new KafkaSettings(
                        "broker:9093",
                        Map.of(
                                "sasl.jaas.config",
                                JAAS,
                                "ssl.truststore.password",
                                "s3cret-store",
                                "security.protocol",
                                "SASL_SSL"));
        assertThat(s.toString())
                .doesNotContain("s3cret")
                .contains(
                        "broker:9093",
                        "security.protocol=SASL_SSL",
                        "sasl.jaas.config=[hidden]",
                        "ssl.truststore.password=[hidden]");
    }

    /**
     * A user's settings that contradict every guarantee, as a --kafka-config file would give them.
     */
    private static Map<String, String> unsafeUserSettings(Path dir) throws IOException {
        Path file = dir.resolve("client.properties");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "isolation.level=read_uncommitted",
                        "enable.idempotence=false",
                        "acks=1",
                        "enable.auto.commit=true",
                        "security.protocol=SASL_SSL",
                        ""),
                StandardCharsets.UTF_8);
        return KafkaSettings.readPropertiesFile(file);
    }

    @Test
    void everyConsumerReadsCommittedWhateverTheUserSays(@TempDir Path dir) throws IOException {
        KafkaSettings s = new KafkaSettings("broker:9093", unsafeUserSettings(dir));

        for (Properties p : new Properties[] {s.consumer(null), s.consumer("joseki-workers")}) {
            assertThat(p.getProperty("isolation.level")).isEqualTo("read_committed");
            assertThat(p.getProperty("enable.auto.commit")).isEqualTo("false");
            // The user's other settings still reach the client.
            assertThat(p.getProperty("security.protocol")).isEqualTo("SASL_SSL");
            assertThat(p.getProperty("bootstrap.servers")).isEqualTo("broker:9093");
        }
    }

    @Test
    void everyProducerIsIdempotentWithAllAcksWhateverTheUserSays(@TempDir Path dir)
            throws IOException {
        KafkaSettings s = new KafkaSettings("broker:9093", unsafeUserSettings(dir));

        for (Properties p : new Properties[] {s.producer(null), s.producer("joseki-slot-0")}) {
            assertThat(p.getProperty("enable.idempotence")).isEqualTo("true");
            assertThat(p.getProperty("acks")).isEqualTo("all");
            assertThat(p.getProperty("security.protocol")).isEqualTo("SASL_SSL");
        }
        assertThat(s.producer("joseki-slot-0").getProperty("transactional.id"))
                .isEqualTo("joseki-slot-0");
        assertThat(s.producer(null).getProperty("transactional.id")).isNull();
    }

    @Test
    void sparkReadsCommittedWhateverTheUserSaysAndGetsNoSettingItManages(@TempDir Path dir)
            throws IOException {
        KafkaSettings s = new KafkaSettings("broker:9093", unsafeUserSettings(dir));

        Map<String, String> options = s.sparkSourceOptions();

        assertThat(options)
                .containsEntry("kafka.isolation.level", "read_committed")
                .containsEntry("kafka.bootstrap.servers", "broker:9093")
                .containsEntry("kafka.security.protocol", "SASL_SSL")
                .doesNotContainKey("kafka.enable.auto.commit");
    }

    @Test
    void withoutUserSettingsTheGuaranteesHoldToo() {
        KafkaSettings s = KafkaSettings.of("localhost:9092");

        assertThat(s.consumer(null).getProperty("isolation.level")).isEqualTo("read_committed");
        assertThat(s.producer(null).getProperty("enable.idempotence")).isEqualTo("true");
        assertThat(s.producer(null).getProperty("acks")).isEqualTo("all");
        assertThat(s.sparkSourceOptions()).containsEntry("kafka.isolation.level", "read_committed");
    }
}
