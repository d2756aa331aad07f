package dev.joseki.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A real KRaft broker that clients reach only over SASL_SSL: TLS with certificates made by {@link
 * TestCertificates}, then SASL/SCRAM-SHA-512 against credentials written into the metadata when the
 * storage is formatted. The broker authenticates to itself as {@code broker}; clients log in as
 * {@link #USER}. The controller listener stays PLAINTEXT on 127.0.0.1 (only the node itself dials
 * it). Without ACLs ({@link #start}) any authenticated user may do anything; with them ({@link
 * #startWithAcls}) Kafka's StandardAuthorizer lets {@link #USER} (a super user) do anything and
 * {@link #GUEST} only what ACLs given to it allow (none at first).
 */
public final class SecuredKafkaBroker implements AutoCloseable {
    public static final String USER = "joseki";
    public static final String MECHANISM = "SCRAM-SHA-512";

    /** A second user, bound by ACLs on a broker started {@link #startWithAcls}. */
    public static final String GUEST = "guest";

    private final KafkaBroker broker;
    private final TestCertificates certificates;
    private final String password = "user-" + UUID.randomUUID();
    private final String guestPassword = "guest-" + UUID.randomUUID();

    private SecuredKafkaBroker(Path dir, boolean acls) {
        try {
            Files.createDirectories(dir.resolve("tls"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        certificates = TestCertificates.create(dir.resolve("tls"));
        String brokerPassword = "broker-" + UUID.randomUUID();
        int port = KafkaBroker.freePort(), controllerPort = KafkaBroker.freePort();
        Map<String, String> cfg = new LinkedHashMap<>(KafkaBrokerExtension.fastFailover());
        cfg.put(
                "listeners",
                "SASL_SSL://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        cfg.put("advertised.listeners", "SASL_SSL://127.0.0.1:" + port);
        cfg.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,SASL_SSL:SASL_SSL");
        cfg.put("inter.broker.listener.name", "SASL_SSL");
        cfg.put("sasl.enabled.mechanisms", MECHANISM);
        cfg.put("sasl.mechanism.inter.broker.protocol", MECHANISM);
        cfg.put(
                "listener.name.sasl_ssl."
                        + MECHANISM.toLowerCase(java.util.Locale.ROOT)
                        + ".sasl.jaas.config",
                jaas("broker", brokerPassword));
        cfg.put("ssl.keystore.type", "PKCS12");
        cfg.put("ssl.keystore.location", certificates.keystore().toString());
        cfg.put("ssl.keystore.password", certificates.password());
        cfg.put("ssl.truststore.type", "PKCS12");
        cfg.put("ssl.truststore.location", certificates.truststore().toString());
        cfg.put("ssl.truststore.password", certificates.password());
        if (acls) {
            cfg.put(
                    "authorizer.class.name",
                    "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
            // the broker itself, and the node's own requests to its controller (PLAINTEXT on
            // 127.0.0.1, so anonymous)
            cfg.put("super.users", "User:broker;User:ANONYMOUS;User:" + USER);
        }
        broker =
                new KafkaBroker(
                        KafkaBroker.locateHome(),
                        dir.resolve("broker"),
                        cfg,
                        port,
                        controllerPort,
                        List.of(
                                scram("broker", brokerPassword),
                                scram(USER, password),
                                scram(GUEST, guestPassword)));
    }

    /**
     * Makes the certificates and starts the broker, all under {@code dir} (the caller deletes it).
     */
    public static SecuredKafkaBroker start(Path dir) {
        return start(dir, false);
    }

    /** As {@link #start}, with the StandardAuthorizer: {@link #GUEST} may do what ACLs allow. */
    public static SecuredKafkaBroker startWithAcls(Path dir) {
        return start(dir, true);
    }

    private static SecuredKafkaBroker start(Path dir, boolean acls) {
        SecuredKafkaBroker b = new SecuredKafkaBroker(dir, acls);
        try {
            b.broker.start();
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        return b;
    }

    public String bootstrapServers() {
        return broker.bootstrapServers();
    }

    /** {@link #USER}'s password. */
    public String password() {
        return password;
    }

    /** {@link #GUEST}'s password. */
    public String guestPassword() {
        return guestPassword;
    }

    public TestCertificates certificates() {
        return certificates;
    }

    /**
     * What a client needs to reach this broker as {@code user}: the content of a --kafka-config
     * file.
     */
    public Map<String, String> clientProperties(String user, String userPassword) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("security.protocol", "SASL_SSL");
        p.put("sasl.mechanism", MECHANISM);
        p.put("sasl.jaas.config", jaas(user, userPassword));
        p.put("ssl.truststore.type", "PKCS12");
        p.put("ssl.truststore.location", certificates.truststore().toString());
        p.put("ssl.truststore.password", certificates.password());
        return p;
    }

    /** Writes {@link #clientProperties} as a Java properties file. */
    public Path writeClientConfig(Path file, String user, String userPassword) {
        java.util.Properties p = new java.util.Properties();
        p.putAll(clientProperties(user, userPassword));
        try (var w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(w, "client settings of " + user);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    @Override
    public void close() {
        broker.close();
    }

    private static String jaas(String user, String pw) {
        return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + user
                + "\" password=\""
                + pw
                + "\";";
    }

    private static String scram(String user, String pw) {
        return MECHANISM + "=[name=" + user + ",password=" + pw + "]";
    }
}
