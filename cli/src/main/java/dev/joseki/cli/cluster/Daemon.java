package dev.joseki.cli.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A background process of the local cluster, known by its name in the run folder: {@code NAME.pid}
 * holds its pid, {@code NAME.log} its output. It outlives the command that started it (no shutdown
 * hook), so that {@code cluster up} can return and {@code cluster down} can stop exactly what was
 * started.
 */
public record Daemon(Path runDir, String name) {

    public Path pidFile() {
        return runDir.resolve(name + ".pid");
    }

    public Path logFile() {
        return runDir.resolve(name + ".log");
    }

    /** Starts the command with output appended to the log; records the pid. */
    public ProcessHandle start(List<String> command, java.util.Map<String, String> env)
            throws IOException {
        Files.createDirectories(runDir);
        ProcessBuilder pb =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()))
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        Process p = pb.start();
        Files.writeString(pidFile(), Long.toString(p.pid()), StandardCharsets.UTF_8);
        return p.toHandle();
    }

    /** The running process recorded in the pid file, if it is still alive. */
    public Optional<ProcessHandle> running() {
        try {
            if (!Files.exists(pidFile())) {
                return Optional.empty();
            }
            long pid = Long.parseLong(Files.readString(pidFile(), StandardCharsets.UTF_8).strip());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * SIGTERM, then SIGKILL after the grace period; removes the pid file. Returns true if it was
     * running.
     */
    public boolean stop(Duration grace) throws IOException {
        Optional<ProcessHandle> p = running();
        if (p.isPresent()) {
            p.get().destroy();
            try {
                p.get().onExit().get(grace.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                p.get().destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e);
            }
        }
        Files.deleteIfExists(pidFile());
        return p.isPresent();
    }

    /** Waits until the TCP port accepts connections or the process dies or time runs out. */
    public static boolean awaitPort(
            String host, int port, Duration timeout, Optional<ProcessHandle> owner) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (owner.isPresent() && !owner.get().isAlive()) {
                return false;
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), 500);
                return true;
            } catch (IOException e) {
                sleep(200);
            }
        }
        return false;
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
