package dev.joseki.cli.cluster;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Spark standalone Master and one Worker as separate JVMs on 127.0.0.1, run from the project's
 * own Spark jars (no Spark download). The Worker launches executors through {@code SPARK_HOME},
 * which must look like a Spark distribution: we make {@code RUN/spark-home/jars} a link to the jar
 * folder and set {@code SPARK_SCALA_VERSION=2.13} (Spark's launcher otherwise guesses the Scala
 * version from a source checkout).
 */
public final class SparkStandalone {
    /** Spark 4's JavaModuleOptions: every Spark JVM on Java 17 needs them. */
    public static final List<String> MODULE_FLAGS =
            List.of(
                    "-XX:+IgnoreUnrecognizedVMOptions",
                    "--add-opens=java.base/java.lang=ALL-UNNAMED",
                    "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
                    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
                    "--add-opens=java.base/java.io=ALL-UNNAMED",
                    "--add-opens=java.base/java.net=ALL-UNNAMED",
                    "--add-opens=java.base/java.nio=ALL-UNNAMED",
                    "--add-opens=java.base/java.util=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
                    "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
                    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                    "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
                    "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
                    "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
                    "-Djdk.reflect.useDirectMethodHandle=false",
                    "-Dio.netty.tryReflectionSetAccessible=true");

    private final Path runDir;
    private final Path jars;
    private final int masterPort;
    private final int masterUiPort;
    private final int workerCores;

    public SparkStandalone(
            Path runDir, Path jars, int masterPort, int masterUiPort, int workerCores) {
        this.runDir = runDir;
        this.jars = jars;
        this.masterPort = masterPort;
        this.masterUiPort = masterUiPort;
        this.workerCores = workerCores;
    }

    public String masterUrl() {
        return "spark://127.0.0.1:" + masterPort;
    }

    public Daemon master() {
        return new Daemon(runDir, "spark-master");
    }

    public Daemon worker() {
        return new Daemon(runDir, "spark-worker");
    }

    /** Starts Master, then Worker; returns when the Master lists the Worker as alive. */
    public void start(Duration timeout) throws IOException {
        Map<String, String> env = environment(sparkHome(runDir, jars), "127.0.0.1");
        ProcessHandle m =
                master().start(
                                java(
                                        "org.apache.spark.deploy.master.Master",
                                        "--host",
                                        "127.0.0.1",
                                        "--port",
                                        Integer.toString(masterPort),
                                        "--webui-port",
                                        Integer.toString(masterUiPort)),
                                env);
        if (!Daemon.awaitPort("127.0.0.1", masterPort, timeout, Optional.of(m))) {
            throw new IllegalStateException(
                    "Spark master did not open port " + masterPort + "; see " + master().logFile());
        }
        ProcessHandle w =
                worker().start(
                                java(
                                        "org.apache.spark.deploy.worker.Worker",
                                        masterUrl(),
                                        "--host",
                                        "127.0.0.1",
                                        "--cores",
                                        Integer.toString(workerCores),
                                        "--memory",
                                        "2g",
                                        "--webui-port",
                                        "0",
                                        "--work-dir",
                                        runDir.resolve("spark-work").toAbsolutePath().toString()),
                                env);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (aliveWorkers() < 1) {
            if (!w.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "Spark worker did not register; see " + worker().logFile());
            }
            Daemon.sleep(300);
        }
    }

    /**
     * Number of alive workers the Master reports on its JSON endpoint, or -1 when it does not
     * answer.
     */
    public int aliveWorkers() {
        try {
            HttpResponse<String> r =
                    HttpClient.newHttpClient()
                            .send(
                                    HttpRequest.newBuilder(
                                                    URI.create(
                                                            "http://127.0.0.1:"
                                                                    + masterUiPort
                                                                    + "/json/"))
                                            .timeout(Duration.ofSeconds(2))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString());
            java.util.regex.Matcher mt =
                    java.util.regex.Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)")
                            .matcher(r.body());
            return mt.find() ? Integer.parseInt(mt.group(1)) : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /**
     * RUN/spark-home, made to look like a Spark distribution: its {@code jars} links to the jar
     * folder (the Worker launches executors with SPARK_HOME/jars/* as their classpath).
     */
    public static Path sparkHome(Path runDir, Path jars) throws IOException {
        Path home = runDir.resolve("spark-home");
        Files.createDirectories(home);
        Path link = home.resolve("jars");
        if (!Files.exists(link)) {
            Files.createSymbolicLink(link, jars.toAbsolutePath());
        }
        return home;
    }

    /**
     * The environment of a Master or Worker JVM; localIp is the address Spark binds to and, for a
     * Worker, the one it gives its executors.
     */
    public static Map<String, String> environment(Path sparkHome, String localIp) {
        return Map.of(
                "SPARK_HOME",
                sparkHome.toAbsolutePath().toString(),
                "SPARK_SCALA_VERSION",
                "2.13",
                "SPARK_LOCAL_IP",
                localIp);
    }

    private List<String> java(String mainClass, String... args) {
        return javaCommand(jars, mainClass, List.of(args));
    }

    /** The command line of a Spark daemon JVM running mainClass from the jar folder. */
    public static List<String> javaCommand(Path jars, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx512m");
        cmd.addAll(MODULE_FLAGS);
        cmd.add("-cp");
        cmd.add(jars.toAbsolutePath() + "/*");
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }
}
