package dev.joseki.cli.command;

import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl-C (or SIGTERM) during a tournament or book compare stops taking games and writes the report
 * of the games finished so far, instead of exiting with nothing written. The JVM runs its shutdown
 * hooks while the other threads go on: this hook raises the flag the game loop polls, then holds
 * the exit until the command has written its report ({@link #close}), at most {@link
 * #GRACE_SECONDS}.
 */
public final class ReportOnInterrupt implements AutoCloseable {
    /** Long enough for a local game in progress at a short clock to end; then exit without one. */
    static final int GRACE_SECONDS = 60;

    private final AtomicBoolean requested = new AtomicBoolean();
    private final CountDownLatch reported = new CountDownLatch(1);
    private final Thread hook;

    public ReportOnInterrupt(PrintWriter err) {
        this.hook =
                new Thread(
                        () -> {
                            requested.set(true);
                            err.println();
                            err.println(
                                    "joseki: interrupted: writing the report of the games finished"
                                            + " so far");
                            err.flush();
                            try {
                                if (!reported.await(GRACE_SECONDS, TimeUnit.SECONDS)) {
                                    err.println(
                                            "joseki: no report after "
                                                    + GRACE_SECONDS
                                                    + " s; exiting without one");
                                    err.flush();
                                }
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        },
                        "report-on-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** True once the user asked the run to stop. */
    public boolean requested() {
        return requested.get();
    }

    /** The report is written (or the command failed): the exit may go on. */
    @Override
    public void close() {
        reported.countDown();
        ShutdownHooks.remove(hook);
    }
}
