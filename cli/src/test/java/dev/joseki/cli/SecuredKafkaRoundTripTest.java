package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.broker.SecuredKafkaBroker;
import dev.joseki.cli.command.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Kafka commands against a broker that accepts only SASL_SSL (TLS, then SCRAM-SHA-512), with
 * the client settings in a --kafka-config file as docs/cli.md tells users to give them: a worker
 * process, selfplay and book build --from-kafka make a book; refused settings give one line and
 * exit 2 within seconds.
 */
class SecuredKafkaRoundTripTest {
    /**
     * Generous for one admin round trip that fails at once, tight enough to catch a client retrying
     * for a minute.
     */
    private static final long REFUSAL_SECONDS = 15;

    @TempDir static Path dir;
    static SecuredKafkaBroker broker;
    static Path goodConfig;

    @BeforeAll
    static void startBroker() {
        broker = SecuredKafkaBroker.start(dir.resolve("kafka"));
        goodConfig =
                broker.writeClientConfig(
                        dir.resolve("client.properties"),
                        SecuredKafkaBroker.USER,
                        broker.password());
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    private static String[] withKafka(Path config, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(
                List.of(
                        "--bootstrap-servers",
                        broker.bootstrapServers(),
                        "--kafka-config",
                        config.toString()));
        return all.toArray(String[]::new);
    }

    @Test
    void aWorkerSelfplayAndBookBuildRoundTripThroughTheSecuredBroker() throws Exception {
        // Everything at INFO, Kafka's own dumps of its client settings included, to see that no
        // secret is logged.
        Path logConfig =
                Files.writeString(
                        dir.resolve("log4j2-info.properties"),
                        String.join(
                                "\n",
                                "rootLogger.level = info",
                                "rootLogger.appenderRef.err.ref = err",
                                "appender.err.type = Console",
                                "appender.err.name = err",
                                "appender.err.target = SYSTEM_ERR",
                                "appender.err.layout.type = PatternLayout",
                                "appender.err.layout.pattern = %p %c{1}: %m%n",
                                ""));
        Path workerLog = dir.resolve("worker.log");
        Process worker =
                new ProcessBuilder(
                                withKafka(
                                        goodConfig,
                                        Path.of(System.getProperty("java.home"), "bin", "java")
                                                .toString(),
                                        "-Xmx256m",
                                        "-Dlog4j2.configurationFile=" + logConfig,
                                        "-cp",
                                        System.getProperty("java.class.path"),
                                        Main.class.getName(),
                                        "worker",
                                        "--concurrency",
                                        "1",
                                        "--topic-prefix",
                                        "secure",
                                        "--group",
                                        "secure-workers"))
                        .redirectErrorStream(true)
                        .redirectOutput(workerLog.toFile())
                        .start();
        try {
            Cli.Run selfplay =
                    Cli.run(
                            withKafka(
                                    goodConfig,
                                    "selfplay",
                                    "--games",
                                    "2",
                                    "--nodes",
                                    "60",
                                    "--random-plies",
                                    "4",
                                    "--max-plies",
                                    "30",
                                    "--seed",
                                    "17",
                                    "--topic-prefix",
                                    "secure",
                                    "--group",
                                    "secure-workers",
                                    "--await-workers",
                                    "1",
                                    "--wait",
                                    "--wait-timeout",
                                    "120"));
            assertThat(selfplay.status()).as(selfplay.err()).isZero();
            assertThat(selfplay.out()).contains("games 2 ");

            Path book = dir.resolve("book");
            Cli.Run build =
                    Cli.run(
                            withKafka(
                                    goodConfig,
                                    "book",
                                    "build",
                                    "--from-kafka",
                                    "--out",
                                    book.toString(),
                                    "--topic-prefix",
                                    "secure",
                                    "--master",
                                    "local[1]",
                                    "--partitions",
                                    "1"));
            assertThat(build.status()).as(build.err()).isZero();
            assertThat(build.out()).contains("games read 2,", "added 2,");
            Cli.Run stats = Cli.run("book", "stats", "--book", book.toString(), "--json");
            assertThat(new ObjectMapper().readTree(stats.out()).get("games").asInt()).isEqualTo(2);
        } finally {
            worker.destroy(); // SIGTERM: the worker leaves its group and exits
            if (!worker.waitFor(40, TimeUnit.SECONDS)) {
                worker.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        String log = Files.readString(workerLog, StandardCharsets.UTF_8);
        assertThat(log)
                .contains(
                        "started: 1 slot(s)",
                        "sasl.jaas.config = [hidden]",
                        "ssl.truststore.password = [hidden]");
        assertThat(log)
                .doesNotContain(broker.password())
                .doesNotContain(broker.certificates().password());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "selfplay --games 2 --nodes 100",
                "worker --concurrency 1",
                "book build --from-kafka --out BOOK",
                "tournament --engine name=a_builtin_nodes=50 --engine name=b_builtin_nodes=50"
                        + " --games 2 --out OUT"
            })
    void aWrongPasswordIsOneLineAndExitTwoForEveryKafkaCommand(String command) {
        Path bad =
                broker.writeClientConfig(
                        dir.resolve("wrong-password.properties"),
                        SecuredKafkaBroker.USER,
                        "not-the-password");
        String[] args =
                command.replace("BOOK", dir.resolve("no-book").toString())
                        .replace("OUT", dir.resolve("no-tournament").toString())
                        .split(" ");
        for (int i = 0; i < args.length; i++) {
            args[i] = args[i].replace('_', ' '); // engine specs are one word each
        }
        long t0 = System.nanoTime();
        Cli.Run r = Cli.run(withKafka(bad, args));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);

        String name = command.startsWith("book") ? "book build" : command.split(" ")[0];
        assertThat(r.status()).as(r.err()).isEqualTo(ExitCodes.USAGE);
        List<String> lines = r.err().strip().lines().toList();
        // The tournament names itself first (so that it can be resumed); then the error is the last
        // line.
        assertThat(lines.get(lines.size() - 1)).isEqualTo(refusal(name));
        assertThat(lines)
                .hasSizeLessThanOrEqualTo(2)
                .noneMatch(l -> l.contains("Exception") || l.startsWith("\tat "));
        assertThat(seconds).isLessThan(REFUSAL_SECONDS);
    }

    /**
     * What a user sees, in a process of its own: the test JVM's stderr is shared with log4j, which
     * keeps the stream it found first, so only a fresh JVM shows whether Kafka's own error logs
     * reach the terminal.
     */
    @Test
    void aWrongPasswordIsExactlyOneLineOnTheStderrOfARealProcess() throws Exception {
        Path bad =
                broker.writeClientConfig(
                        dir.resolve("wrong-password.properties"),
                        SecuredKafkaBroker.USER,
                        "not-the-password");
        Cli.Run r = inOwnProcess(bad, "selfplay", "--games", "2");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).isEqualTo(refusal("selfplay") + System.lineSeparator());
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aTruststoreThatIsNotThereIsNamedInOneLineOnTheStderrOfARealProcess() throws Exception {
        Map<String, String> moved =
                new java.util.LinkedHashMap<>(
                        broker.clientProperties(SecuredKafkaBroker.USER, broker.password()));
        Path missing = dir.resolve("moved-away.p12");
        moved.put("ssl.truststore.location", missing.toString());
        Cli.Run r = inOwnProcess(writeProperties(dir.resolve("moved.properties"), moved), "worker");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .startsWith(
                        "joseki worker: unusable Kafka client settings (--kafka-config,"
                                + " --kafka-property): ")
                .contains(missing.toString())
                .hasLineCount(1);
    }

    /**
     * ./joseki ARGS --bootstrap-servers ... --kafka-config CONFIG in a JVM of its own; it must end
     * within seconds.
     */
    private static Cli.Run inOwnProcess(Path config, String... args) throws Exception {
        List<String> cmd =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-Xmx256m",
                                "-cp",
                                System.getProperty("java.class.path"),
                                Main.class.getName()));
        cmd.addAll(List.of(withKafka(config, args)));
        Path out = Files.createTempFile(dir, "out", ".txt"),
                err = Files.createTempFile(dir, "err", ".txt");
        Process p =
                new ProcessBuilder(cmd)
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
        if (!p.waitFor(
                REFUSAL_SECONDS + 10, TimeUnit.SECONDS)) { // JVM start-up on top of the refusal
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(
                    "still running after "
                            + (REFUSAL_SECONDS + 10)
                            + " s: "
                            + String.join(" ", args));
        }
        return new Cli.Run(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static String refusal(String command) {
        return "joseki "
                + command
                + ": authentication to the Kafka broker at "
                + broker.bootstrapServers()
                + " failed (SASL/SCRAM-SHA-512): check the username and password in --kafka-config";
    }

    @Test
    void aClientWithoutTheCaCertificateGetsOneLineAboutTheTruststore() {
        Map<String, String> noCa =
                new java.util.LinkedHashMap<>(
                        broker.clientProperties(SecuredKafkaBroker.USER, broker.password()));
        noCa.keySet()
                .removeIf(
                        k ->
                                k.startsWith(
                                        "ssl.truststore")); // falls back to the JDK's CAs, which do
        // not know ours
        Path config = writeProperties(dir.resolve("no-ca.properties"), noCa);
        Cli.Run r = Cli.run(withKafka(config, "selfplay", "--games", "2"));
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(lastLine(r.err()))
                .startsWith(
                        "joseki selfplay: TLS handshake with the Kafka broker at "
                                + broker.bootstrapServers()
                                + " failed (")
                .endsWith(
                        "): check ssl.truststore.location and ssl.truststore.password in"
                                + " --kafka-config");
    }

    @Test
    void aSecretTypedAsKafkaPropertyIsWarnedAboutWithoutItsValue() {
        Path noJaas = dir.resolve("no-jaas.properties");
        Map<String, String> p =
                new java.util.LinkedHashMap<>(
                        broker.clientProperties(SecuredKafkaBroker.USER, broker.password()));
        String jaas =
                p.remove("sasl.jaas.config").replace(broker.password(), "typed-wrong-password");
        Cli.Run r =
                Cli.run(
                        withKafka(
                                writeProperties(noJaas, p),
                                "selfplay",
                                "--games",
                                "2",
                                "--kafka-property",
                                "sasl.jaas.config=" + jaas));
        assertThat(r.err())
                .contains(
                        "joseki: warning: --kafka-property sasl.jaas.config is visible to every"
                                + " user of this machine (ps); put it in a --kafka-config FILE")
                .doesNotContain("typed-wrong-password");
        assertThat(r.status())
                .isEqualTo(ExitCodes.USAGE); // and the wrong password is still refused
    }

    private static String lastLine(String err) {
        List<String> lines = err.strip().lines().toList();
        return lines.get(lines.size() - 1);
    }

    private static Path writeProperties(Path file, Map<String, String> props) {
        java.util.Properties p = new java.util.Properties();
        p.putAll(props);
        try (var w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(w, null);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return file;
    }
}
