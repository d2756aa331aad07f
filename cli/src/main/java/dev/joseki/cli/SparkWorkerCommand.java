package dev.joseki.cli;

import dev.joseki.book.builder.ClusterAddress;
import dev.joseki.cli.cluster.ClusterCommand;
import dev.joseki.cli.cluster.SparkStandalone;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki spark worker spark://HOST:PORT}: a Spark standalone Worker until SIGTERM /
 * Ctrl-C. It launches the executors of the applications the master gives it, from the same jars.
 */
@Command(
        name = "worker",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a Spark standalone worker in the foreground until SIGTERM or Ctrl-C.",
            "Its log is this command's output; each executor's is WORK_DIR/APP/ID/stderr."
        })
final class SparkWorkerCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "spark://HOST:PORT", description = "The master.")
    String master;

    @Option(
            names = "--host",
            paramLabel = "HOST",
            description =
                    "Address the master, drivers and executors reach this worker by (default:"
                            + " this machine's address on the route to the master).")
    String host;

    @Option(
            names = "--cores",
            paramLabel = "N",
            description = "Cores for executors (default: this machine's processors).")
    Integer cores;

    @Option(
            names = "--memory",
            paramLabel = "SIZE",
            description = "Memory for executors, e.g. 2g (default: ${DEFAULT-VALUE}).",
            defaultValue = "2g")
    String memory;

    @Option(
            names = "--webui-port",
            paramLabel = "PORT",
            description = "Port of the worker's web UI and /json/ (default: ${DEFAULT-VALUE}).",
            defaultValue = "8081")
    int webUiPort;

    @Option(
            names = "--run-dir",
            paramLabel = "DIR",
            description = "Folder of the Spark home link (default: ${DEFAULT-VALUE}).",
            defaultValue = "run/spark")
    Path runDir;

    @Option(
            names = "--work-dir",
            paramLabel = "DIR",
            description = "Executors' folders and logs (default: RUN_DIR/work).")
    Path workDir;

    @Override
    public Integer call() throws Exception {
        if (!master.startsWith("spark://")) {
            throw new IllegalArgumentException(
                    "the master must be spark://HOST:PORT, not " + master);
        }
        String address = host != null ? host : ClusterAddress.towardsMaster(master);
        int n = cores != null ? cores : Runtime.getRuntime().availableProcessors();
        if (n < 1) {
            throw new IllegalArgumentException("--cores must be at least 1, not " + n);
        }
        Path run = runDir.toAbsolutePath();
        Path work = workDir != null ? workDir.toAbsolutePath() : run.resolve("work");
        Path jars = ClusterCommand.sparkJars();
        Path home = SparkStandalone.sparkHome(run, jars);
        ForegroundJvm worker =
                ForegroundJvm.start(
                        "Spark worker",
                        SparkStandalone.javaCommand(
                                jars,
                                "org.apache.spark.deploy.worker.Worker",
                                List.of(
                                        master,
                                        "--host",
                                        address,
                                        "--cores",
                                        Integer.toString(n),
                                        "--memory",
                                        memory,
                                        "--webui-port",
                                        Integer.toString(webUiPort),
                                        "--work-dir",
                                        work.toString())),
                        SparkStandalone.environment(home, address));
        spec.commandLine()
                .getOut()
                .printf("worker %s cores %d memory %s for %s%n", address, n, memory, master);
        spec.commandLine().getOut().flush();
        return worker.await();
    }
}
