package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.broker.SecuredKafkaBroker;
import dev.joseki.cli.command.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code engine publish} and {@code engine list} on real brokers: content addressing, idempotence,
 * the listing, one-line refusals, and a user without WRITE on the engines topic refused by a
 * SASL/ACL broker with nothing published.
 */
class EnginePublishCommandTest {
    /**
     * The artifact hash of {@link #twoFiles}, worked out with coreutils (2026-11-29): {@code printf
     * '%s x engine.sh\n%s - eval/nn.bin\nrun engine.sh\n' $(sha256sum engine.sh | cut -d' ' -f1)
     * $(sha256sum eval/nn.bin | cut -d' ' -f1) | sha256sum}.
     */
    private static final String HASH =
            "6b3c75d83c03cbf69b22fd157f0b244910fdbded222f9e6525966d632a5e9af9";

    static Path twoFiles(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("eval"));
        Path sh = Files.writeString(dir.resolve("engine.sh"), "#!/bin/sh\nexec cat\n");
        sh.toFile().setExecutable(true);
        Files.writeString(dir.resolve("eval/nn.bin"), "weights 1 2 3\n");
        return dir;
    }

    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = KafkaBroker.temporary(KafkaBrokerExtension.fastFailover());
        broker.start();
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @Test
    void publishingTwiceWritesOnceAndTheListShowsIt(@TempDir Path dir) throws Exception {
        String servers = broker.bootstrapServers();
        Path engine = twoFiles(dir.resolve("engine"));
        Cli.Run first =
                Cli.run(
                        "engine",
                        "publish",
                        "--name",
                        "cat",
                        engine.toString(),
                        "--bootstrap-servers",
                        servers);
        assertThat(first.status()).as(first.err()).isZero();
        assertThat(first.out())
                .isEqualTo(
                        "engine cat hash "
                                + HASH
                                + " files 2 bytes 33 run engine.sh content new name"
                                + " updated\n");
        // the same bytes from another directory: nothing new
        Path copy = twoFiles(dir.resolve("copy"));
        Cli.Run second =
                Cli.run(
                        "engine",
                        "publish",
                        "--name",
                        "cat",
                        copy.toString(),
                        "--bootstrap-servers",
                        servers);
        assertThat(second.out()).endsWith("content present name unchanged\n");

        Cli.Run list = Cli.run("engine", "list", "--bootstrap-servers", servers);
        assertThat(list.status()).as(list.err()).isZero();
        List<String> lines = list.out().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("name").contains("hash", "files", "published");
        assertThat(lines.get(1))
                .matches(
                        "cat +"
                                + HASH.substring(0, 12)
                                + " +2 +33 20\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"
                                + " engine\\.sh");

        Cli.Run json = Cli.run("engine", "list", "--json", "--bootstrap-servers", servers);
        JsonNode all = new ObjectMapper().readTree(json.out());
        assertThat(all).hasSize(1);
        assertThat(all.get(0).get("hash").asText()).isEqualTo(HASH);
        assertThat(all.get(0).get("files").get(1).get("path").asText()).isEqualTo("eval/nn.bin");
        assertThat(all.get(0).get("files").get(0).get("executable").asBoolean()).isTrue();
    }

    @Test
    void runsNamingAnEngineNeverPublishedStopInOneLineBeforeAnyTask() {
        String servers = broker.bootstrapServers();
        String expected =
                ": no engine named 'never' on joseki.engines (see ./joseki engine list)\n";
        Cli.Run selfplay =
                Cli.run(
                        "selfplay",
                        "--engine",
                        "artifact=never",
                        "--games",
                        "2",
                        "--nodes",
                        "50",
                        "--bootstrap-servers",
                        servers);
        assertThat(selfplay.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(selfplay.err()).endsWith("joseki selfplay" + expected);
        Cli.Run tournament =
                Cli.run(
                        "tournament",
                        "--engine",
                        "artifact=never nodes=50",
                        "--engine",
                        "builtin nodes=50",
                        "--games",
                        "2",
                        "--bootstrap-servers",
                        servers);
        assertThat(tournament.status()).as(tournament.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(tournament.err()).endsWith("joseki tournament" + expected);
        assertThat(tournament.err()).doesNotContain("Exception");
    }

    @Test
    void badInputIsOneLineAndExitTwoBeforeAnyBrokerIsAsked(@TempDir Path dir) throws Exception {
        Path engine = twoFiles(dir.resolve("engine"));
        Cli.Run badName =
                Cli.run(
                        "engine",
                        "publish",
                        "--name",
                        "a/b",
                        engine.toString(),
                        "--bootstrap-servers",
                        "127.0.0.1:1");
        assertThat(badName.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(badName.err())
                .isEqualTo(
                        "joseki engine publish: --name 'a/b': letters, digits, '.', '_' and '-',"
                                + " starting with a letter or digit, at most 100\n");
        Cli.Run missing =
                Cli.run(
                        "engine",
                        "publish",
                        "--name",
                        "x",
                        dir.resolve("nope").toString(),
                        "--bootstrap-servers",
                        "127.0.0.1:1");
        assertThat(missing.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(missing.err())
                .isEqualTo(
                        "joseki engine publish: "
                                + dir.resolve("nope")
                                + ": no such file or directory\n");
    }

    @Test
    void aUserWithoutWriteOnTheEnginesTopicIsRefusedAndNothingIsPublished(@TempDir Path dir)
            throws Exception {
        try (SecuredKafkaBroker broker = SecuredKafkaBroker.startWithAcls(dir.resolve("kafka"))) {
            Path owner =
                    broker.writeClientConfig(
                            dir.resolve("owner.properties"),
                            SecuredKafkaBroker.USER,
                            broker.password());
            Path guest =
                    broker.writeClientConfig(
                            dir.resolve("guest.properties"),
                            SecuredKafkaBroker.GUEST,
                            broker.guestPassword());
            // The guest may see and read every topic and, as a user who enqueues games, write the
            // tasks topic; not the engines topic.
            Properties admin = new Properties();
            admin.putAll(broker.clientProperties(SecuredKafkaBroker.USER, broker.password()));
            admin.put("bootstrap.servers", broker.bootstrapServers());
            try (Admin a = Admin.create(admin)) {
                ResourcePattern everyTopic =
                        new ResourcePattern(ResourceType.TOPIC, "*", PatternType.LITERAL);
                a.createAcls(
                                List.of(
                                        allow(everyTopic, AclOperation.READ),
                                        allow(everyTopic, AclOperation.DESCRIBE),
                                        allow(
                                                new ResourcePattern(
                                                        ResourceType.TOPIC,
                                                        "joseki.selfplay.tasks",
                                                        PatternType.LITERAL),
                                                AclOperation.WRITE)))
                        .all()
                        .get();
            }
            String servers = broker.bootstrapServers();
            Path engine = twoFiles(dir.resolve("engine"));
            Cli.Run byOwner =
                    Cli.run(
                            "engine",
                            "publish",
                            "--name",
                            "cat",
                            engine.toString(),
                            "--bootstrap-servers",
                            servers,
                            "--kafka-config",
                            owner.toString());
            assertThat(byOwner.status()).as(byOwner.err()).isZero();

            Path other = Files.createDirectories(dir.resolve("other"));
            Files.writeString(other.resolve("engine.sh"), "#!/bin/sh\nexec rev\n");
            Cli.Run byGuest =
                    Cli.run(
                            "engine",
                            "publish",
                            "--name",
                            "rev",
                            other.toString(),
                            "--exec",
                            "engine.sh",
                            "--bootstrap-servers",
                            servers,
                            "--kafka-config",
                            guest.toString());
            assertThat(byGuest.status()).isEqualTo(ExitCodes.USAGE);
            assertThat(byGuest.out()).isEmpty();
            assertThat(byGuest.err().lines().toList())
                    .singleElement()
                    .asString()
                    .startsWith(
                            "joseki engine publish: the Kafka broker at "
                                    + servers
                                    + " refused to let this client write joseki.engines"
                                    + " (TopicAuthorizationException): ")
                    .endsWith("publishing needs WRITE on that topic; nothing was published");

            Cli.Run list =
                    Cli.run(
                            "engine",
                            "list",
                            "--json",
                            "--bootstrap-servers",
                            servers,
                            "--kafka-config",
                            guest.toString());
            assertThat(list.status()).as(list.err()).isZero();
            JsonNode all = new ObjectMapper().readTree(list.out());
            assertThat(all).hasSize(1);
            assertThat(all.get(0).get("name").asText()).isEqualTo("cat");
        }
    }

    private static AclBinding allow(ResourcePattern pattern, AclOperation op) {
        return new AclBinding(
                pattern,
                new AccessControlEntry(
                        "User:" + SecuredKafkaBroker.GUEST, "*", op, AclPermissionType.ALLOW));
    }
}
