package dev.joseki.book.builder;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The address the other machines of a Spark standalone cluster reach this one by. Executors connect
 * back to the driver, and the driver to executors, at the address each announces; on a container
 * network or a Kubernetes pod network that is this machine's address on the route to the master,
 * never the loopback address a single-machine cluster uses.
 */
public final class ClusterAddress {
    static final String LOOPBACK = "127.0.0.1";

    private ClusterAddress() {}

    /**
     * For {@code spark://HOST:PORT[,HOST2:PORT2...]} on another machine, the local address of the
     * route to the first HOST; for a master on this machine (or local mode) the loopback address.
     */
    public static String towardsMaster(String master) {
        if (!master.startsWith("spark://")) {
            return LOOPBACK;
        }
        return towards(masterHost(master));
    }

    /** HOST of {@code spark://HOST:PORT[,...]}. */
    static String masterHost(String master) {
        String first = master.substring("spark://".length()).split(",", -1)[0];
        int colon = first.lastIndexOf(':');
        String host = colon < 0 ? first : first.substring(0, colon);
        if (host.isEmpty()) {
            throw new IllegalArgumentException(
                    "Spark master " + master + " has no host (spark://HOST:PORT)");
        }
        return host;
    }

    /** The local address of the route to host, or loopback when host is this machine's loopback. */
    public static String towards(String host) {
        InetAddress target;
        try {
            target = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(
                    "cannot resolve the Spark master's host " + host + " (a name or an address)");
        }
        if (target.isLoopbackAddress()) {
            return LOOPBACK;
        }
        // A connected datagram socket sends nothing: connect only asks the kernel for the route,
        // whose source address is the one the host sees us by.
        try (DatagramSocket s = new DatagramSocket()) {
            s.connect(target, 7077);
            InetAddress local = s.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) {
                throw new IllegalStateException("no route to the Spark master's host " + host);
            }
            return local.getHostAddress();
        } catch (IOException e) {
            throw new IllegalStateException(
                    "no route to the Spark master's host " + host + ": " + e.getMessage());
        }
    }
}
