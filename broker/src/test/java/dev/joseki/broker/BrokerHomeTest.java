package dev.joseki.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerHomeTest {
    @TempDir Path dir;

    @Test
    void theProjectsOwnBrokerModuleIsACompleteHome() {
        // the module under test is itself a broker home once generate-resources has copied the jars
        assertThat(BrokerHome.missingParts(Path.of("").toAbsolutePath())).isEmpty();
    }

    @Test
    void aCopyOfTheJarsWithoutTheLogConfigurationIsNamedIncomplete() throws IOException {
        // the mistake that cost a 90 s timeout: JOSEKI_BROKER_HOME holding target/lib but no conf/
        Files.createDirectories(dir.resolve("target/lib"));
        Files.createFile(dir.resolve("target/lib/kafka_2.13-4.3.1.jar"));
        assertThat(BrokerHome.missingParts(dir)).isEqualTo("conf/log4j2.properties");
    }

    @Test
    void anEmptyDirectoryLacksBothTheJarsAndTheConfiguration() {
        assertThat(BrokerHome.missingParts(dir))
                .isEqualTo("target/lib/kafka_*.jar and conf/log4j2.properties");
    }

    @Test
    void otherJarsWithoutKafkaItselfDoNotMakeAHome() throws IOException {
        Files.createDirectories(dir.resolve("target/lib"));
        Files.createDirectories(dir.resolve("conf"));
        Files.createFile(dir.resolve("target/lib/kafka-clients-4.3.1.jar"));
        Files.writeString(dir.resolve("conf/log4j2.properties"), "rootLogger.level = info\n");
        assertThat(BrokerHome.missingParts(dir)).isEqualTo("target/lib/kafka_*.jar");
    }
}
