package dev.joseki.cli.command;

import java.io.UncheckedIOException;
import java.net.BindException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A web server that a foreground command ({@code serve}, {@code book serve}) lives for: a port in
 * use is the user's to change, the address printed is one a browser can open, and Ctrl-C or SIGTERM
 * closes the server and what it reads before the JVM exits.
 */
public final class ForegroundServer {
    /**
     * How long the exit waits for the close: enough for RocksDB to shut down cleanly, short enough
     * that a stuck close does not hold Ctrl-C.
     */
    static final int CLOSE_SECONDS = 2;

    private ForegroundServer() {}

    /**
     * What a server that could not start on {@code port} reports: a port in use is a usage error
     * naming it; any other failure is {@code e} itself.
     */
    public static RuntimeException startFailure(int port, UncheckedIOException e) {
        if (e.getCause() instanceof BindException be
                && String.valueOf(be.getMessage()).contains("in use")) {
            return new CommandFailure(
                    ExitCodes.USAGE,
                    "port " + port + " is in use; use --port (0 picks a free one)",
                    e);
        }
        return e;
    }

    /**
     * The URL of {@code path} (starting with /) on a server listening on {@code host}: 0.0.0.0
     * listens on every address, but a browser goes to localhost.
     */
    public static String url(String host, int port, String path) {
        return "http://" + (host.equals("0.0.0.0") ? "localhost" : host) + ":" + port + path;
    }

    /**
     * Runs {@code announce} (the lines saying where the server is), then blocks until Ctrl-C or
     * SIGTERM, runs {@code close} and lets the exit go on. The shutdown hook, named {@code
     * hookName}, waits at most {@link #CLOSE_SECONDS} for the close.
     */
    public static void serveUntilStopped(String hookName, Runnable announce, Runnable close)
            throws InterruptedException {
        CountDownLatch stop = new CountDownLatch(1), closed = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    stop.countDown();
                                    try {
                                        closed.await(CLOSE_SECONDS, TimeUnit.SECONDS);
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                },
                                hookName));
        try {
            announce.run();
            stop.await();
        } finally {
            close.run();
            closed.countDown();
        }
    }
}
