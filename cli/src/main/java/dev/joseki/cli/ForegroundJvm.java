package dev.joseki.cli;

import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM that a foreground command ({@code spark master}, {@code spark worker}) lives for: its
 * output is this process's output (the container's log), SIGTERM or Ctrl-C here stops it, and the
 * command ends when it does.
 */
final class ForegroundJvm {
    /** How long a stopping child gets before it is killed. */
    private static final long STOP_SECONDS = 20;

    private final String name;
    private final Process process;

    /** Set by the shutdown hook: the child's exit is then the expected end, not a failure. */
    private volatile boolean stopping;

    private ForegroundJvm(String name, Process process) {
        this.name = name;
        this.process = process;
    }

    static ForegroundJvm start(String name, List<String> command, Map<String, String> env)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        pb.environment().putAll(env);
        ForegroundJvm jvm = new ForegroundJvm(name, pb.start());
        Runtime.getRuntime().addShutdownHook(new Thread(jvm::stop, name + "-stop"));
        return jvm;
    }

    ProcessHandle handle() {
        return process.toHandle();
    }

    /** Waits for the child; its exit without a stop request is a failure. */
    int await() throws InterruptedException {
        int status = process.waitFor();
        if (stopping) {
            return ExitCodes.OK;
        }
        throw new CommandFailure(
                ExitCodes.FAILURE,
                "the " + name + " exited with status " + status + " (see above)");
    }

    private void stop() {
        stopping = true;
        process.destroy();
        try {
            if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
