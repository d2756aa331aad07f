package dev.joseki.cli;

import dev.joseki.book.BookBonus;
import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.explorer.ExplorerServer;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ./joseki book serve}: the book explorer web page, until the process is stopped. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serves the book explorer: a web page and JSON API (/api/probe, /api/position, /api/stats).")
final class BookServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--book", required = true, description = "Book directory.")
    Path book;

    @Option(names = "--port", description = "TCP port; 0 picks a free one (default ${DEFAULT-VALUE}).")
    int port = 8080;

    @Option(names = "--host", description = "Address to listen on; 0.0.0.0 for all (default ${DEFAULT-VALUE}).")
    String host = "127.0.0.1";

    @Option(names = "--allow-host", paramLabel = "NAME", description = "A host name clients use to reach the "
            + "server (repeatable); IP addresses, localhost and the --host name are always allowed (DNS rebinding guard).")
    List<String> allowHosts = new ArrayList<>();

    @Option(names = "--pawn-value", description = "PV for the bonuses shown (default ${DEFAULT-VALUE}).")
    int pawnValue = 100;

    @Override
    public Integer call() throws Exception {
        // Ctrl-C runs the hook; it waits (briefly) until the book is closed so RocksDB shuts down cleanly.
        CountDownLatch stop = new CountDownLatch(1), closed = new CountDownLatch(1);
        RocksBook b = RocksBook.open(book);
        ExplorerServer server;
        try {
            server = ExplorerServer.start(b, BookBonus.paper(pawnValue), new InetSocketAddress(host, port), allowHosts);
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stop.countDown();
            try {
                closed.await(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "explorer-stop"));
        try {
            PrintWriter out = spec.commandLine().getOut();
            out.printf("book explorer for %s at http://%s:%d/ (Ctrl-C stops)%n", b.version(),
                    host.equals("0.0.0.0") ? "localhost" : host, server.port());
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
