package dev.joseki.cli.cluster;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.LocalCluster;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Where the local cluster keeps its state: {@code run/cluster/} under the project root. Ports are
 * chosen once and kept in {@code cluster.properties} so that a cluster brought down and up again is
 * the same cluster (Kafka's KRaft metadata remembers its controller endpoint); {@code
 * bootstrap.servers} is what other commands read to find the broker ({@link LocalCluster}); every
 * process has NAME.pid and NAME.log.
 */
public final class LocalClusterLayout {
    private final Path dir;
    private final Properties ports = new Properties();

    private LocalClusterLayout(Path dir) {
        this.dir = dir;
    }

    public static LocalClusterLayout open() throws IOException {
        LocalClusterLayout l = new LocalClusterLayout(LocalCluster.bootstrapFile().getParent());
        Files.createDirectories(l.dir);
        Path f = l.portsFile();
        if (Files.exists(f)) {
            try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                l.ports.load(r);
            }
        }
        return l;
    }

    public Path dir() {
        return dir;
    }

    private Path portsFile() {
        return dir.resolve("cluster.properties");
    }

    /**
     * The port recorded under name, or a free one (then recorded). Preferred ports are tried first.
     */
    public int port(String name, int preferred) throws IOException {
        String v = ports.getProperty(name);
        if (v != null) {
            return Integer.parseInt(v);
        }
        int p = available(preferred) ? preferred : KafkaBroker.freePort();
        ports.setProperty(name, Integer.toString(p));
        try (Writer w = Files.newBufferedWriter(portsFile(), StandardCharsets.UTF_8)) {
            ports.store(w, "ports of ./joseki cluster; delete run/cluster to start afresh");
        }
        return p;
    }

    private static boolean available(int port) {
        try (java.net.ServerSocket s =
                new java.net.ServerSocket(port, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort() == port;
        } catch (IOException e) {
            return false;
        }
    }

    public Daemon broker() {
        return new Daemon(dir, "kafka");
    }

    public Path brokerData() {
        return dir.resolve("kafka");
    }

    public Daemon worker(int i) {
        return new Daemon(dir, "worker-" + i);
    }

    /** Worker daemons with a pid file, in number order. */
    public List<Daemon> workers() throws IOException {
        List<Daemon> out = new ArrayList<>();
        for (int i = 1; Files.exists(worker(i).pidFile()); i++) {
            out.add(worker(i));
        }
        return out;
    }

    /**
     * The topic prefix worker {@code w} was started with ({@code joseki} when none was recorded:
     * workers started before prefixes were recorded took the default).
     */
    public String workerPrefix(Daemon w) throws IOException {
        Path f = prefixFile(w);
        return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8).strip() : "joseki";
    }

    /** Records the topic prefix a worker is about to be started with. */
    public void recordWorkerPrefix(Daemon w, String prefix) throws IOException {
        Files.writeString(prefixFile(w), prefix, StandardCharsets.UTF_8);
    }

    private static Path prefixFile(Daemon w) {
        return w.runDir().resolve(w.name() + ".prefix");
    }

    public Path sparkMasterFile() {
        return dir.resolve("spark.master");
    }
}
