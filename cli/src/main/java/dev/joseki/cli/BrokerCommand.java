package dev.joseki.cli;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki broker}: one KRaft Kafka broker (combined broker + controller) in the foreground
 * until SIGTERM / Ctrl-C, for machines and containers that run the broker on its own (the compose
 * file's {@code kafka} service). The same child-JVM broker as {@code cluster up}, on fixed ports
 * and a kept data directory, so that a restart is the same cluster.
 */
@Command(
        name = "broker",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a Kafka broker (KRaft, one node) in the foreground until SIGTERM or Ctrl-C.",
            "Prints \"bootstrap HOST:PORT\" once it accepts clients; its log is DATA/broker.log."
        })
final class BrokerCommand implements Callable<Integer> {
    /** How long a stopping broker gets for its controlled shutdown before it is killed. */
    private static final long STOP_SECONDS = 30;

    @Spec CommandSpec spec;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            description = "Client port (default: ${DEFAULT-VALUE}).",
            defaultValue = "9092")
    int port;

    @Option(
            names = "--controller-port",
            paramLabel = "PORT",
            description =
                    "KRaft controller port, local to this machine (default: ${DEFAULT-VALUE}).",
            defaultValue = "9093")
    int controllerPort;

    @Option(
            names = "--host",
            paramLabel = "ADDRESS",
            description =
                    "Address the client port listens on (default: ${DEFAULT-VALUE}; 0.0.0.0 for"
                            + " every interface).",
            defaultValue = "127.0.0.1")
    String host;

    @Option(
            names = "--advertise",
            paramLabel = "HOST",
            description =
                    "Name clients reach this broker by (default: --host; required with --host"
                            + " 0.0.0.0).")
    String advertise;

    @Option(
            names = "--data",
            paramLabel = "DIR",
            description = "Data directory, kept across restarts (default: ${DEFAULT-VALUE}).",
            defaultValue = "run/broker")
    Path data;

    /** Set by the shutdown hook: the broker's exit is then the expected end, not a failure. */
    private volatile boolean stopping;

    @Override
    public Integer call() throws Exception {
        String advertised = advertisedHost(host, Optional.ofNullable(advertise));
        requireFree(host, port);
        requireFree("127.0.0.1", controllerPort);
        KafkaBroker broker =
                new KafkaBroker(
                        KafkaBroker.locateHome(),
                        data.toAbsolutePath(),
                        listenerConfig(host, advertised, port, controllerPort),
                        port,
                        controllerPort);
        broker.start();
        // From here this JVM, not KafkaBroker's kill-on-exit hook, owns the broker: SIGTERM (a
        // container stop) gives it a controlled shutdown, and the command ends when the broker
        // does.
        ProcessHandle child =
                ProcessHandle.of(broker.detach())
                        .orElseThrow(
                                () ->
                                        new IllegalStateException(
                                                "the Kafka broker exited right after starting; see "
                                                        + data.resolve("broker.log")));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(child), "kafka-broker-stop"));
        spec.commandLine().getOut().println("bootstrap " + advertised + ":" + port);
        spec.commandLine().getOut().flush();
        child.onExit().join();
        if (stopping) {
            return ExitCodes.OK;
        }
        throw new CommandFailure(
                ExitCodes.FAILURE, "the Kafka broker exited; see " + data.resolve("broker.log"));
    }

    /**
     * A taken port would only show as a bind error deep in the broker's log: say it in one line
     * first.
     */
    private static void requireFree(String address, int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(address, port));
        } catch (IOException e) {
            throw new CommandFailure(
                    ExitCodes.USAGE,
                    "cannot listen on "
                            + address
                            + ":"
                            + port
                            + " ("
                            + e.getMessage()
                            + "); use --port / --controller-port / --host");
        }
    }

    private void stop(ProcessHandle child) {
        stopping = true;
        child.destroy();
        try {
            child.onExit().get(STOP_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            child.destroyForcibly();
        }
    }

    /**
     * The name clients are told to use: a wildcard listen address cannot be connected to, so it
     * needs one.
     */
    static String advertisedHost(String host, Optional<String> advertise) {
        if (advertise.isPresent()) {
            return advertise.get();
        }
        if (host.equals("0.0.0.0") || host.equals("::")) {
            throw new IllegalArgumentException(
                    "--host "
                            + host
                            + " needs --advertise HOST, the name clients reach this broker by");
        }
        return host;
    }

    /**
     * Server properties that put the client listener on {@code host:port} under the advertised
     * name; the controller listener stays on the loopback interface, since this single node is its
     * only voter.
     */
    static Map<String, String> listenerConfig(
            String host, String advertised, int port, int controllerPort) {
        Map<String, String> cfg = new LinkedHashMap<>();
        cfg.put(
                "listeners",
                "PLAINTEXT://" + host + ":" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        cfg.put("advertised.listeners", "PLAINTEXT://" + advertised + ":" + port);
        return cfg;
    }
}
