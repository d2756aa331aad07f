package dev.joseki.cli.command;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * --port, --host and --allow-host: where a foreground server listens and the host names it answers
 * to (picocli {@code @Mixin}; serve, book serve).
 */
public final class ListenOptions {
    @Option(
            names = "--port",
            description = "TCP port; 0 picks a free one (default ${DEFAULT-VALUE}).")
    public int port;

    @Option(
            names = "--host",
            description = "Address to listen on; 0.0.0.0 for all (default ${DEFAULT-VALUE}).")
    public String host = "127.0.0.1";

    @Option(
            names = "--allow-host",
            paramLabel = "NAME",
            description =
                    "A host name clients use to reach the server (repeatable); IP addresses,"
                            + " localhost and the --host name are always allowed (DNS rebinding"
                            + " guard).")
    public List<String> allowHosts = new ArrayList<>();

    /** {@code defaultPort}: each server its own, so that two can run side by side. */
    public ListenOptions(int defaultPort) {
        this.port = defaultPort;
    }

    /** --host and --port as the address to bind. */
    public InetSocketAddress address() {
        return new InetSocketAddress(host, port);
    }
}
