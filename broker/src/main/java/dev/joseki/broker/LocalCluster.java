package dev.joseki.broker;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The local cluster of {@code ./joseki cluster up}: it writes its broker's bootstrap servers to
 * {@code run/cluster/bootstrap.servers} under the project root (the directory holding {@code
 * broker/}). Commands without {@code --bootstrap-servers} use it when that file exists and the
 * broker answers.
 */
public final class LocalCluster {
    private LocalCluster() {}

    public static Path bootstrapFile() {
        return KafkaBroker.locateHome()
                .toAbsolutePath()
                .getParent()
                .resolve("run/cluster/bootstrap.servers");
    }

    /** The running local cluster's bootstrap servers, if any. */
    public static Optional<String> bootstrapIfRunning() {
        try {
            Path f = bootstrapFile();
            if (!Files.exists(f)) {
                return Optional.empty();
            }
            String servers = Files.readString(f, StandardCharsets.UTF_8).trim();
            String first = servers.split(",")[0];
            int colon = first.lastIndexOf(':');
            try (Socket s = new Socket()) {
                s.connect(
                        new InetSocketAddress(
                                first.substring(0, colon),
                                Integer.parseInt(first.substring(colon + 1))),
                        500);
            }
            return Optional.of(servers);
        } catch (IOException | RuntimeException e) {
            return Optional
                    .empty(); // no cluster, a stale file, or no broker jars to locate the root
        }
    }
}
