package dev.joseki.cli.kafka;

import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.kafka.KafkaSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * Whether the Kafka cluster answers, asked once before a command starts: the Kafka clients
 * themselves retry an unreachable address for a minute or more and then fail with a stack trace.
 * Two steps, both bounded: 1. resolve each bootstrap host and open a TCP connection (3 s each); 2.
 * ask one of them for the cluster's nodes (8 s), which also checks the client properties (TLS,
 * SASL). Under 20 s in the worst case of one bootstrap address.
 */
public final class KafkaProbe {
    static final int CONNECT_MS = 3_000;
    static final int ANSWER_MS = 8_000;

    private KafkaProbe() {}

    /**
     * Throws a {@link CommandFailure} (exit {@link ExitCodes#UNREACHABLE}) naming the address and
     * why.
     */
    public static void check(KafkaSettings settings) {
        String servers = settings.bootstrapServers();
        List<String> reasons = new ArrayList<>();
        boolean connected = false;
        String[] entries = servers.split(",");
        for (String entry : entries) {
            String reason = connect(entry.trim());
            if (reason == null) {
                connected = true;
                break;
            }
            reasons.add(entries.length > 1 ? entry.trim() + ": " + reason : reason);
        }
        if (!connected) {
            throw unreachable(servers, String.join("; ", reasons));
        }
        Properties p = settings.admin();
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Integer.toString(ANSWER_MS));
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Integer.toString(ANSWER_MS));
        p.put(
                CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG,
                Integer.toString(CONNECT_MS));
        p.put(
                CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG,
                Integer.toString(CONNECT_MS));
        try (Admin admin = Admin.create(p)) {
            admin.describeCluster().nodes().get(ANSWER_MS + 1_000L, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            refused(e, servers, settings);
            Throwable c =
                    e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            throw unreachable(
                    servers,
                    "no answer from Kafka within "
                            + ANSWER_MS / 1000
                            + " s ("
                            + c.getMessage()
                            + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable(servers, "interrupted");
        } catch (org.apache.kafka.common.KafkaException e) {
            refused(e, servers, settings);
            throw unreachable(servers, e.getMessage());
        }
    }

    /**
     * A broker that answers but refuses the client settings (SASL, TLS, ACLs): bad input, exit 2,
     * one line.
     */
    private static void refused(Exception e, String servers, KafkaSettings settings) {
        String message = KafkaAuthentication.message(e, servers, settings.clientProperties());
        if (message != null) {
            throw new CommandFailure(ExitCodes.USAGE, message);
        }
    }

    private static CommandFailure unreachable(String servers, String reason) {
        return new CommandFailure(
                ExitCodes.UNREACHABLE,
                "cannot reach the Kafka broker at "
                        + servers
                        + ": "
                        + reason
                        + " (check --bootstrap-servers, or start one with ./joseki cluster up)");
    }

    /** Null when HOST:PORT accepts a TCP connection, else why not. */
    static String connect(String entry) {
        int colon = entry.lastIndexOf(':');
        String host = colon > 0 ? entry.substring(0, colon) : "";
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1); // [::1]:9092
        }
        int port;
        try {
            port = Integer.parseInt(entry.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (host.isEmpty() || port < 1 || port > 65_535) {
            throw new IllegalArgumentException(
                    "bad bootstrap server '" + entry + "': expected HOST:PORT");
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return "unknown host " + host;
        }
        String last = "";
        for (InetAddress a : addresses) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(a, port), CONNECT_MS);
                return null;
            } catch (IOException e) {
                last = e.getMessage();
            }
        }
        return last;
    }
}
