package dev.joseki.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The broker module directory that a {@link KafkaBroker} runs its child JVM from: the jars that the
 * {@code broker} module copies to {@code target/lib} and {@code conf/log4j2.properties}.
 */
public final class BrokerHome {
    private BrokerHome() {}

    /**
     * The broker module directory: system property {@code joseki.broker.home}, environment variable
     * {@code JOSEKI_BROKER_HOME}, or a {@code broker/} with {@code target/lib} found upward from
     * the working directory or from where this class was loaded.
     */
    public static Path locate() {
        String explicit =
                System.getProperty("joseki.broker.home", System.getenv("JOSEKI_BROKER_HOME"));
        if (explicit != null && !explicit.isBlank()) {
            // checked here, not left to the broker: without its log configuration the child never
            // logs "Kafka Server started" and the start would only fail after the 90 s readiness
            // timeout
            Path home = Path.of(explicit);
            String missing = missingParts(home);
            if (!missing.isEmpty()) {
                throw new IllegalArgumentException(
                        "JOSEKI_BROKER_HOME="
                                + explicit
                                + " is not a broker home: it lacks "
                                + missing
                                + " (a copy of the project's broker/ directory after 'mvn -pl"
                                + " broker generate-resources')");
            }
            return home;
        }
        List<Path> starts = new ArrayList<>();
        starts.add(Path.of("").toAbsolutePath());
        try {
            starts.add(
                    Path.of(
                            BrokerHome.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI()));
        } catch (Exception e) {
            // no code source: the working directory must do
        }
        for (Path start : starts) {
            for (Path dir = start; dir != null; dir = dir.getParent()) {
                Path candidate =
                        dir.getFileName() != null && dir.getFileName().toString().equals("broker")
                                ? dir
                                : dir.resolve("broker");
                if (Files.isDirectory(candidate.resolve("target/lib"))
                        && missingParts(candidate).isEmpty()) {
                    return candidate;
                }
            }
        }
        throw new IllegalArgumentException(
                "cannot find the Kafka broker jars (broker/target/lib and broker/conf): build with "
                        + "'mvn -pl broker generate-resources' or set JOSEKI_BROKER_HOME");
    }

    /**
     * What a broker home lacks of the jars and log configuration the broker process needs ("" when
     * complete).
     */
    static String missingParts(Path home) {
        List<String> missing = new ArrayList<>();
        Path lib = home.resolve("target/lib");
        boolean hasKafka = false;
        try (var jars = Files.list(lib)) {
            hasKafka = jars.anyMatch(j -> j.getFileName().toString().matches("kafka_.*\\.jar"));
        } catch (IOException e) {
            // no lib directory: reported below
        }
        if (!hasKafka) {
            missing.add("target/lib/kafka_*.jar");
        }
        if (!Files.isRegularFile(home.resolve("conf/log4j2.properties"))) {
            missing.add("conf/log4j2.properties");
        }
        return String.join(" and ", missing);
    }

    /** The command line of a Kafka tool or of the broker itself, run from the home's jars. */
    static List<String> javaCommand(Path home, String mainClass, String... args) {
        Path lib = home.resolve("target/lib");
        List<String> cmd =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-Xms128m",
                                "-Xmx512m",
                                "-XX:+UseG1GC",
                                "-Dlog4j2.configurationFile="
                                        + home.resolve("conf/log4j2.properties").toAbsolutePath(),
                                "-cp",
                                lib.toAbsolutePath() + "/*",
                                mainClass));
        cmd.addAll(List.of(args));
        return cmd;
    }
}
