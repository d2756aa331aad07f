package dev.joseki.cli.book;

import dev.joseki.book.BookBonus;
import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.explorer.CurrentBook;
import dev.joseki.cli.explorer.ExplorerServer;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book serve}: the book explorer web page, until the process is stopped. It serves
 * the book's published version of the moment: a rebuild into the same directory shows within a
 * second.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Serves the book explorer: a web page and JSON API (/api/probe, /api/position,"
                    + " /api/stats).",
            "A rebuild of the book is picked up while it runs."
        })
public final class BookServeCommand implements Callable<Integer> {
    /** Not 8080: the Spark master UI of ./joseki cluster up is there. */
    static final int DEFAULT_PORT = 8765;

    @Spec CommandSpec spec;

    @Option(names = "--book", required = true, description = "Book directory.")
    Path book;

    @Option(
            names = "--port",
            description = "TCP port; 0 picks a free one (default ${DEFAULT-VALUE}).")
    int port = DEFAULT_PORT;

    @Option(
            names = "--host",
            description = "Address to listen on; 0.0.0.0 for all (default ${DEFAULT-VALUE}).")
    String host = "127.0.0.1";

    @Option(
            names = "--allow-host",
            paramLabel = "NAME",
            description =
                    "A host name clients use to reach the server (repeatable); IP addresses,"
                            + " localhost and the --host name are always allowed (DNS rebinding"
                            + " guard).")
    List<String> allowHosts = new ArrayList<>();

    @Option(
            names = "--pawn-value",
            description = "PV for the bonuses shown (default ${DEFAULT-VALUE}).")
    int pawnValue = 100;

    @Override
    public Integer call() throws Exception {
        // Ctrl-C runs the hook; it waits (briefly) until the book is closed so RocksDB shuts down
        // cleanly.
        CountDownLatch stop = new CountDownLatch(1), closed = new CountDownLatch(1);
        CurrentBook b = CurrentBook.follow(book);
        ExplorerServer server;
        try {
            server =
                    ExplorerServer.start(
                            b,
                            BookBonus.paper(pawnValue),
                            new InetSocketAddress(host, port),
                            allowHosts);
        } catch (UncheckedIOException e) {
            b.close();
            if (e.getCause() instanceof BindException be
                    && String.valueOf(be.getMessage()).contains("in use")) {
                throw new CommandFailure(
                        ExitCodes.USAGE,
                        "port " + port + " is in use; use --port (0 picks a free one)",
                        e);
            }
            throw e;
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    stop.countDown();
                                    try {
                                        closed.await(2, TimeUnit.SECONDS);
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                },
                                "explorer-stop"));
        try {
            PrintWriter out = spec.commandLine().getOut();
            out.printf(
                    "book explorer for %s at http://%s:%d/ (Ctrl-C stops)%n",
                    b.version(), host.equals("0.0.0.0") ? "localhost" : host, server.port());
            out.flush();
            stop.await();
        } finally {
            server.close();
            b.close();
            closed.countDown();
        }
        return ExitCodes.OK;
    }
}
