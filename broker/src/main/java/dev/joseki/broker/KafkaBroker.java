package dev.joseki.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.Uuid;

/**
 * A single-node Kafka broker in KRaft mode (combined broker + controller), run as a child JVM from
 * the jars that the {@code broker} module copies to {@code broker/target/lib}. It keeps its ports
 * and data directory across {@link #stop()} / {@link #start()}, so a restart is the same cluster.
 *
 * <p>Steps of {@link #start()}: 1. write server.properties; 2. format the storage once (StorageTool
 * {@code --standalone}); 3. start {@code kafka.Kafka}; 4. ready when the port accepts connections
 * and the log shows "Kafka Server started". A shutdown hook kills the child if this JVM exits
 * first.
 */
public final class KafkaBroker implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    /**
     * Fast failover for the workers' group (KIP-848 consumer protocol), on by default in every
     * broker this class runs: a member that stops heartbeating (a SIGKILLed worker) is fenced after
     * 6 s instead of Kafka's 45 s, and members heartbeat every second instead of every 5 s, so the
     * survivors learn of freed partitions (and a joining worker of its share) within a second.
     * Heartbeats come from the consumer's background thread, which a long search does not block.
     * The minimums are lowered so that a group may be given shorter values still ({@code
     * kafka-configs --entity-type groups}). Timed-out transactions are looked for every 2 s instead
     * of 10 s. docs/deploy.md lists the same settings for a user's own broker.
     */
    public static final Map<String, String> FAST_FAILOVER =
            java.util.Collections.unmodifiableMap(
                    new java.util.TreeMap<>(
                            Map.of(
                                    "group.consumer.session.timeout.ms", "6000",
                                    "group.consumer.min.session.timeout.ms", "3000",
                                    "group.consumer.heartbeat.interval.ms", "1000",
                                    "group.consumer.min.heartbeat.interval.ms", "500",
                                    "transaction.abort.timed.out.transaction.cleanup.interval.ms",
                                            "2000")));

    private final Path home;
    private final Path dataDir;
    private final int port;
    private final int controllerPort;
    private final Map<String, String> extraConfig;

    /**
     * SCRAM credentials written into the metadata when the storage is formatted (StorageTool {@code
     * --add-scram}, e.g. {@code SCRAM-SHA-512=[name=alice,password=...]}); a data directory is
     * formatted once, so they apply to a fresh one only.
     */
    private final List<String> scramCredentials;

    /** Delete the data directory on close (temporary brokers only). */
    private final boolean ephemeral;

    private Process process;
    private final Thread shutdownHook = new Thread(this::kill, "kafka-broker-shutdown");
    private boolean hookAdded;

    /**
     * @param home the broker module directory (holds target/lib and conf/log4j2.properties)
     * @param dataDir where server.properties, the log directories and broker.log go
     * @param extraConfig server properties added to (or overriding) the defaults
     */
    public KafkaBroker(Path home, Path dataDir, Map<String, String> extraConfig) {
        this(home, dataDir, extraConfig, false);
    }

    private KafkaBroker(
            Path home, Path dataDir, Map<String, String> extraConfig, boolean ephemeral) {
        this(home, dataDir, extraConfig, ephemeral, freePort(), freePort(), List.of());
    }

    /**
     * A broker on fixed ports: a KRaft controller keeps its own endpoint in the metadata log, so a
     * broker restarted on an existing data directory (the local cluster) must get the ports it was
     * formatted with.
     */
    public KafkaBroker(
            Path home,
            Path dataDir,
            Map<String, String> extraConfig,
            int port,
            int controllerPort) {
        this(home, dataDir, extraConfig, false, port, controllerPort, List.of());
    }

    /**
     * A broker on fixed ports whose storage is formatted with the given SCRAM credentials: a SASL
     * listener (set through {@code extraConfig}) can then authenticate users, the broker itself
     * included, from its first start.
     */
    public KafkaBroker(
            Path home,
            Path dataDir,
            Map<String, String> extraConfig,
            int port,
            int controllerPort,
            List<String> scramCredentials) {
        this(home, dataDir, extraConfig, false, port, controllerPort, scramCredentials);
    }

    private KafkaBroker(
            Path home,
            Path dataDir,
            Map<String, String> extraConfig,
            boolean ephemeral,
            int port,
            int controllerPort,
            List<String> scramCredentials) {
        this.ephemeral = ephemeral;
        this.scramCredentials = List.copyOf(scramCredentials);
        this.home = home;
        this.dataDir = dataDir;
        this.port = port;
        this.controllerPort = controllerPort;
        this.extraConfig = Map.copyOf(extraConfig);
    }

    public int port() {
        return port;
    }

    public int controllerPort() {
        return controllerPort;
    }

    /**
     * Leaves the running broker to live on after this JVM exits ({@code ./joseki cluster up});
     * returns its pid. This object no longer controls it: stop it by pid.
     */
    public synchronized long detach() {
        if (!isRunning()) {
            throw new IllegalStateException("broker is not running");
        }
        long pid = process.pid();
        if (hookAdded) {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
            hookAdded = false;
        }
        process = null;
        return pid;
    }

    /**
     * A broker on free ports in a fresh temporary directory, with the broker home found by {@link
     * #locateHome()}.
     */
    public static KafkaBroker temporary(Map<String, String> extraConfig) {
        try {
            return new KafkaBroker(
                    locateHome(), Files.createTempDirectory("joseki-kafka-"), extraConfig, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A temporary single-node broker until SIGTERM / Ctrl-C, for scripts and benchmarks: prints
     * {@code bootstrap <servers>} on stdout once ready. Run with the cli's class path.
     */
    public static void main(String[] args) throws InterruptedException {
        KafkaBroker broker = temporary(Map.of());
        Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "kafka-broker-close"));
        broker.start();
        System.out.println("bootstrap " + broker.bootstrapServers());
        System.out.flush();
        Thread.currentThread().join();
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public Path dataDir() {
        return dataDir;
    }

    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    public synchronized void start() {
        if (isRunning()) {
            return;
        }
        try {
            Files.createDirectories(dataDir);
            Path props = writeProperties();
            if (!Files.exists(dataDir.resolve("logs/meta.properties"))) {
                format(props);
            }
            Path log = dataDir.resolve("broker.log");
            ProcessBuilder pb =
                    new ProcessBuilder(javaCommand("kafka.Kafka", props.toString()))
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            long logStart = Files.exists(log) ? Files.size(log) : 0;
            process = pb.start();
            if (!hookAdded) {
                Runtime.getRuntime().addShutdownHook(shutdownHook);
                hookAdded = true;
            }
            awaitReady(log, logStart);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Clean shutdown (SIGTERM), forcibly after 30 s. Data and ports are kept for {@link #start()}.
     */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    /**
     * SIGKILL, as a power cut to the broker process would look (no controlled shutdown, no flush).
     * Data and ports are kept for {@link #start()}.
     */
    public synchronized void crash() {
        if (process == null) {
            return;
        }
        try {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    @Override
    public synchronized void close() {
        stop();
        if (hookAdded) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // already shutting down: the hook runs anyway
            }
            hookAdded = false;
        }
        if (ephemeral) {
            deleteTree(dataDir);
        }
    }

    /**
     * The shutdown hook: the JVM is exiting (Ctrl-C) without close(); a temporary broker leaves
     * nothing behind.
     */
    private void kill() {
        Process p = process;
        if (p != null) {
            p.destroyForcibly();
            if (ephemeral) {
                try {
                    p.waitFor(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        if (ephemeral) {
            deleteTree(dataDir);
        }
    }

    private Path writeProperties() throws IOException {
        Map<String, String> cfg = new java.util.LinkedHashMap<>();
        cfg.put("process.roles", "broker,controller");
        cfg.put("node.id", "1");
        cfg.put("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort);
        cfg.put(
                "listeners",
                "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        cfg.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        cfg.put("controller.listener.names", "CONTROLLER");
        cfg.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        cfg.put("inter.broker.listener.name", "PLAINTEXT");
        cfg.put("log.dirs", dataDir.resolve("logs").toAbsolutePath().toString());
        cfg.put("num.partitions", "1");
        cfg.put("offsets.topic.replication.factor", "1");
        cfg.put("offsets.topic.num.partitions", "10");
        cfg.put("transaction.state.log.replication.factor", "1");
        cfg.put("transaction.state.log.min.isr", "1");
        cfg.put("transaction.state.log.num.partitions", "10");
        cfg.put("share.coordinator.state.topic.replication.factor", "1");
        cfg.put("share.coordinator.state.topic.min.isr", "1");
        cfg.put("group.initial.rebalance.delay.ms", "0");
        cfg.put("auto.create.topics.enable", "false");
        cfg.putAll(FAST_FAILOVER);
        cfg.putAll(extraConfig);
        StringBuilder sb = new StringBuilder("# written by dev.joseki.broker.KafkaBroker\n");
        cfg.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        Path props = dataDir.resolve("server.properties");
        Files.writeString(props, sb.toString(), StandardCharsets.UTF_8);
        return props;
    }

    private void format(Path props) throws IOException {
        Path log = dataDir.resolve("format.log");
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "format",
                                "--standalone",
                                "-t",
                                Uuid.randomUuid().toString(),
                                "-c",
                                props.toString()));
        scramCredentials.forEach(c -> args.addAll(List.of("--add-scram", c)));
        Process p =
                new ProcessBuilder(
                                javaCommand("kafka.tools.StorageTool", args.toArray(String[]::new)))
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("formatting Kafka storage timed out; see " + log);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while formatting Kafka storage", e);
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(
                    "formatting Kafka storage failed ("
                            + p.exitValue()
                            + "): "
                            + Files.readString(log, StandardCharsets.UTF_8).strip());
        }
    }

    private List<String> javaCommand(String mainClass, String... args) {
        return BrokerHome.javaCommand(home, mainClass, args);
    }

    private void awaitReady(Path log, long logStart) throws IOException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "Kafka broker exited with status "
                                + process.exitValue()
                                + "; log tail:\n"
                                + tail(log));
            }
            if (portOpen() && logSince(log, logStart).contains("Kafka Server started")) {
                return;
            }
            sleep(100);
        }
        kill();
        throw new IllegalStateException(
                "Kafka broker not ready after "
                        + READY_TIMEOUT.toSeconds()
                        + " s; log tail:\n"
                        + tail(log));
    }

    private boolean portOpen() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String logSince(Path log, long from) throws IOException {
        if (!Files.exists(log)) {
            return "";
        }
        byte[] all = Files.readAllBytes(log);
        int start = (int) Math.min(from, all.length);
        return new String(all, start, all.length - start, StandardCharsets.UTF_8);
    }

    private static String tail(Path log) throws IOException {
        String s = logSince(log, 0);
        return s.substring(Math.max(0, s.length() - 4000));
    }

    /** The broker module directory ({@link BrokerHome#locate()}). */
    public static Path locateHome() {
        return BrokerHome.locate();
    }

    /** A free TCP port on this machine. */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a temporary directory
        }
    }
}
