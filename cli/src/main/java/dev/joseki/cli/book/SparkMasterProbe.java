package dev.joseki.cli.book;

import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Checks that a {@code spark://} master accepts connections before Spark starts. Without it, a
 * master that is not running cost 78 s of Spark's retries and 125 lines of stack traces, ending in
 * "SparkContext has been shutdown". A {@code local[...]} master needs no check.
 */
final class SparkMasterProbe {
    static final int CONNECT_MS = 3_000;

    private SparkMasterProbe() {}

    /** Throws a one-line failure, exit 3, when no master of the list answers. */
    static void check(String master) {
        if (!master.startsWith("spark://")) {
            return;
        }
        String why = "";
        // spark://HOST:PORT[,HOST:PORT...] (a standby master for high availability)
        for (String hostPort : master.substring("spark://".length()).split(",")) {
            why = reach(hostPort.strip());
            if (why == null) {
                return;
            }
        }
        throw new CommandFailure(
                ExitCodes.UNREACHABLE,
                "cannot reach the Spark master at "
                        + master
                        + ": "
                        + why
                        + " (start one with ./joseki spark master, or use --master 'local[*]')");
    }

    /** Null when HOST:PORT (port 7077 when left out) accepts a TCP connection, else why not. */
    static String reach(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
        int port;
        try {
            port = colon < 0 ? 7077 : Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            return "bad port in '" + hostPort + "'";
        }
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            return "unknown host " + host;
        }
        try (Socket s = new Socket()) {
            s.connect(address, CONNECT_MS);
            return null;
        } catch (IOException e) {
            return e.getMessage();
        }
    }
}
