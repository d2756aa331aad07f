package dev.joseki.cli.cluster;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.LocalCluster;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki cluster up|down|status [--workers N] [--topic-prefix P]}: on this machine, a
 * KRaft Kafka broker, a Spark standalone Master and Worker, and N self-play workers, each its own
 * JVM, with pids and logs in {@code run/cluster/}. {@code down} stops only what {@code up} started
 * (the pid files), workers first so that they can abandon their games cleanly while the broker
 * still runs.
 */
@Command(
        name = "cluster",
        mixinStandardHelpOptions = true,
        description = {
            "A local cluster: Kafka broker (KRaft), Spark master + worker, N self-play workers.",
            "Logs and pids in run/cluster/. Other commands use it automatically while it runs."
        })
public final class ClusterCommand implements Callable<Integer> {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "up|down|status", description = "What to do.")
    String action;

    @Option(
            names = "--workers",
            paramLabel = "N",
            defaultValue = "2",
            description = "Self-play worker processes for 'up' (default: ${DEFAULT-VALUE}).")
    int workers;

    @Option(
            names = "--worker-concurrency",
            paramLabel = "C",
            defaultValue = "1",
            description = "Games at once per worker process (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(
            names = "--topic-prefix",
            paramLabel = "P",
            defaultValue = "joseki",
            description =
                    "Topic prefix of the workers 'up' starts (default: ${DEFAULT-VALUE}): a worker"
                            + " takes only the tasks of its prefix, so a run with --topic-prefix P"
                            + " needs workers of P.")
    String topicPrefix;

    @Override
    public Integer call() throws IOException {
        LocalClusterLayout layout = LocalClusterLayout.open();
        PrintWriter out = spec.commandLine().getOut();
        switch (action) {
            case "up" -> up(layout, out);
            case "down" -> down(layout, out);
            case "status" -> {
                return status(layout, out) ? 0 : 1;
            }
            default ->
                    throw new IllegalArgumentException(
                            "action must be up, down or status, not '" + action + "'");
        }
        return 0;
    }

    private void up(LocalClusterLayout layout, PrintWriter out) throws IOException {
        if (workers < 0 || concurrency < 1) {
            throw new IllegalArgumentException(
                    "--workers must be >= 0 and --worker-concurrency >= 1");
        }
        if (!topicPrefix.matches("[A-Za-z0-9._-]{1,200}")) {
            throw new IllegalArgumentException(
                    "--topic-prefix must be letters, digits, '.', '_' or '-' (a Kafka topic's"
                            + " characters), not '"
                            + topicPrefix
                            + "'");
        }
        PrintWriter err = spec.commandLine().getErr();
        // Step 1. The broker, unless it already runs.
        String bootstrap;
        if (layout.broker().running().isPresent()
                && LocalCluster.bootstrapIfRunning().isPresent()) {
            bootstrap = LocalCluster.bootstrapIfRunning().get();
        } else {
            err.println("cluster: starting Kafka broker...");
            err.flush();
            KafkaBroker broker =
                    new KafkaBroker(
                            KafkaBroker.locateHome(),
                            layout.brokerData(),
                            Map.of(),
                            layout.port("kafka.port", 9092),
                            layout.port("kafka.controller.port", 9093));
            broker.start();
            long pid = broker.detach();
            Files.writeString(
                    layout.broker().pidFile(), Long.toString(pid), StandardCharsets.UTF_8);
            bootstrap = broker.bootstrapServers();
            Files.writeString(LocalCluster.bootstrapFile(), bootstrap, StandardCharsets.UTF_8);
        }
        // Step 2. Spark master and worker.
        SparkStandalone spark = spark(layout);
        if (spark.master().running().isEmpty()) {
            err.println("cluster: starting Spark master and worker...");
            err.flush();
            spark.start(START_TIMEOUT);
            Files.writeString(layout.sparkMasterFile(), spark.masterUrl(), StandardCharsets.UTF_8);
        }
        // Step 3. Self-play workers of the prefix (their consumer group spreads the tasks); those
        // of other prefixes keep running and do not count.
        int running = 0;
        for (Daemon w : layout.workers()) {
            if (w.running().isPresent()) {
                if (layout.workerPrefix(w).equals(topicPrefix)) {
                    running++;
                } else {
                    err.println(
                            "cluster: "
                                    + w.name()
                                    + " keeps running with topic prefix "
                                    + layout.workerPrefix(w)
                                    + " (`./joseki cluster down` stops every worker)");
                }
            }
        }
        for (int i = 1; running < workers; i++) {
            Daemon w = layout.worker(i);
            if (w.running().isEmpty()) {
                layout.recordWorkerPrefix(w, topicPrefix);
                w.start(
                        selfJvm(
                                "worker",
                                "--bootstrap-servers",
                                bootstrap,
                                "--topic-prefix",
                                topicPrefix,
                                "--concurrency",
                                Integer.toString(concurrency)),
                        // each worker its own engine cache, as on separate machines
                        Map.of(
                                dev.joseki.selfplay.ArtifactCache.ENV,
                                w.runDir()
                                        .resolve(w.name() + "-engines")
                                        .toAbsolutePath()
                                        .toString()));
                running++;
            }
        }
        status(layout, out);
    }

    private void down(LocalClusterLayout layout, PrintWriter out) throws IOException {
        for (Daemon w : layout.workers()) {
            report(out, w.name(), w.stop(Duration.ofSeconds(60)));
        }
        SparkStandalone spark = spark(layout);
        report(out, "spark-worker", spark.worker().stop(Duration.ofSeconds(20)));
        report(out, "spark-master", spark.master().stop(Duration.ofSeconds(20)));
        report(out, "kafka", layout.broker().stop(Duration.ofSeconds(60)));
        Files.deleteIfExists(LocalCluster.bootstrapFile());
        Files.deleteIfExists(layout.sparkMasterFile());
    }

    private static void report(PrintWriter out, String name, boolean wasRunning) {
        out.println(name + (wasRunning ? " stopped" : " was not running"));
        out.flush();
    }

    /**
     * One line per process: name, state, pid, address or log. Returns true when everything runs.
     */
    private boolean status(LocalClusterLayout layout, PrintWriter out) throws IOException {
        boolean all = true;
        List<String[]> rows = new ArrayList<>();
        Optional<String> bootstrap = LocalCluster.bootstrapIfRunning();
        all &= row(rows, layout.broker(), bootstrap.map(b -> "bootstrap " + b).orElse("-"));
        SparkStandalone spark = spark(layout);
        all &=
                row(
                        rows,
                        spark.master(),
                        spark.masterUrl()
                                + " ui http://127.0.0.1:"
                                + layout.port("spark.ui.port", 8080));
        all &= row(rows, spark.worker(), "alive workers " + Math.max(0, spark.aliveWorkers()));
        for (Daemon w : layout.workers()) {
            all &= row(rows, w, "prefix " + layout.workerPrefix(w) + ", log " + w.logFile());
        }
        for (String[] r : rows) {
            out.printf("%-13s %-8s %-8s %s%n", r[0], r[1], r[2], r[3]);
        }
        out.println("run folder " + layout.dir());
        out.flush();
        return all;
    }

    private static boolean row(List<String[]> rows, Daemon d, String where) {
        Optional<ProcessHandle> p = d.running();
        rows.add(
                new String[] {
                    d.name(),
                    p.isPresent() ? "running" : "stopped",
                    p.map(h -> Long.toString(h.pid())).orElse("-"),
                    where
                });
        return p.isPresent();
    }

    private static SparkStandalone spark(LocalClusterLayout layout) throws IOException {
        return new SparkStandalone(
                layout.dir(),
                sparkJars(),
                layout.port("spark.port", 7077),
                layout.port("spark.ui.port", 8080),
                Math.max(1, Runtime.getRuntime().availableProcessors()));
    }

    /** The folder of the jars this JVM runs from (cli/target/lib): Spark's among them. */
    public static Path sparkJars() {
        try {
            return Path.of(
                            org.apache.spark.SparkContext.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI())
                    .getParent();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A command line that runs this same program (same classpath) with other arguments. */
    public static List<String> selfJvm(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx1g");
        cmd.add("-XX:+UseTransparentHugePages"); // the engine's hash table, as in ./joseki
        cmd.addAll(SparkStandalone.MODULE_FLAGS);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("dev.joseki.cli.Main");
        cmd.addAll(List.of(args));
        return cmd;
    }
}
