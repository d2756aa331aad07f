package dev.joseki.cli.kafka;

import java.util.Map;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;

/**
 * Client settings that the broker refuses (a wrong SASL password, a CA the client does not trust)
 * or that the Kafka client cannot even load (a missing truststore file) are user errors: one line
 * naming the broker and what to check, exit status 2, never "internal error" and a stack trace.
 * Kafka's clients treat an authentication failure as fatal (no retries), so the answer comes within
 * seconds.
 */
public final class KafkaAuthentication {
    private static final int MAX_DETAIL = 200;

    private KafkaAuthentication() {}

    /**
     * The one-line message for the first authentication, authorization or client-settings failure
     * among {@code t} and its causes, or null when there is none. {@code servers} may be null when
     * unknown.
     */
    public static String message(
            Throwable t, String servers, Map<String, String> clientProperties) {
        String at = servers == null ? "" : " at " + servers;
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof SaslAuthenticationException) {
                String mechanism =
                        clientProperties.get(
                                "sasl.mechanism"); // unknown when reported late (ErrorHandler)
                return "authentication to the Kafka broker"
                        + at
                        + " failed (SASL"
                        + (mechanism == null ? "" : "/" + mechanism)
                        + "): check the username and password in --kafka-config";
            }
            if (c instanceof SslAuthenticationException) {
                return "TLS handshake with the Kafka broker"
                        + at
                        + " failed ("
                        + detail(c)
                        + "): check ssl.truststore.location and ssl.truststore.password in"
                        + " --kafka-config";
            }
            if (c instanceof AuthenticationException) {
                return "authentication to the Kafka broker"
                        + at
                        + " failed ("
                        + detail(c)
                        + "): check --kafka-config";
            }
            if (c instanceof AuthorizationException) {
                return "the Kafka broker"
                        + at
                        + " refused access ("
                        + detail(c)
                        + "): check the user's ACLs";
            }
            if (c instanceof KafkaException
                    && c.getMessage() != null
                    && (c.getMessage().startsWith("Failed to create new Kafka")
                            || c.getMessage().startsWith("Failed to construct kafka"))) {
                // How Kafka's clients report settings they cannot load (a missing truststore, bad
                // JAAS syntax).
                return "unusable Kafka client settings (--kafka-config, --kafka-property): "
                        + detail(c);
            }
        }
        return null;
    }

    /** The innermost cause's message on one line, cut to a readable length. */
    static String detail(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        m = m.replaceAll("\\s+", " ").strip();
        return m.length() > MAX_DETAIL ? m.substring(0, MAX_DETAIL) + "..." : m;
    }
}
