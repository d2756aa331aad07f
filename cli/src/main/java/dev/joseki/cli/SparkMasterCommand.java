package dev.joseki.cli;

import dev.joseki.cli.cluster.ClusterCommand;
import dev.joseki.cli.cluster.Daemon;
import dev.joseki.cli.cluster.SparkStandalone;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./joseki spark master}: a Spark standalone Master until SIGTERM / Ctrl-C. */
@Command(
        name = "master",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a Spark standalone master in the foreground until SIGTERM or Ctrl-C.",
            "Prints \"master spark://HOST:PORT\" once it accepts workers; its log is this"
                    + " command's output."
        })
final class SparkMasterCommand implements Callable<Integer> {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    @Spec CommandSpec spec;

    @Option(
            names = "--host",
            paramLabel = "HOST",
            description =
                    "Name or address workers and drivers reach the master by; it also listens"
                            + " there (default: ${DEFAULT-VALUE}).",
            defaultValue = "127.0.0.1")
    String host;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            description = "Port of spark://HOST:PORT (default: ${DEFAULT-VALUE}).",
            defaultValue = "7077")
    int port;

    @Option(
            names = "--webui-port",
            paramLabel = "PORT",
            description = "Port of the web UI and its /json/ (default: ${DEFAULT-VALUE}).",
            defaultValue = "8080")
    int webUiPort;

    @Option(
            names = "--run-dir",
            paramLabel = "DIR",
            description = "Folder of the Spark home link (default: ${DEFAULT-VALUE}).",
            defaultValue = "run/spark")
    Path runDir;

    @Override
    public Integer call() throws Exception {
        if (host.equals("0.0.0.0") || host.equals("::")) {
            // Spark's master announces the address it listens on: a wildcard cannot be reached.
            throw new IllegalArgumentException(
                    "--host "
                            + host
                            + " cannot be reached; give the name workers reach this master by"
                            + " (e.g. the container's host name)");
        }
        Path jars = ClusterCommand.sparkJars();
        Path home = SparkStandalone.sparkHome(runDir.toAbsolutePath(), jars);
        ForegroundJvm master =
                ForegroundJvm.start(
                        "Spark master",
                        SparkStandalone.javaCommand(
                                jars,
                                "org.apache.spark.deploy.master.Master",
                                List.of(
                                        "--host",
                                        host,
                                        "--port",
                                        Integer.toString(port),
                                        "--webui-port",
                                        Integer.toString(webUiPort))),
                        SparkStandalone.environment(home, host));
        if (Daemon.awaitPort(host, port, START_TIMEOUT, Optional.of(master.handle()))) {
            spec.commandLine().getOut().println("master spark://" + host + ":" + port);
            spec.commandLine().getOut().flush();
        }
        return master.await();
    }
}
