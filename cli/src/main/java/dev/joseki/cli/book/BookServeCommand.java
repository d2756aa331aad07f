package dev.joseki.cli.book;

import dev.joseki.book.BookBonus;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.ForegroundServer;
import dev.joseki.cli.command.ListenOptions;
import dev.joseki.cli.explorer.CurrentBook;
import dev.joseki.cli.explorer.ExplorerServer;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Mixin ListenOptions listen = new ListenOptions(DEFAULT_PORT);

    @Option(
            names = "--pawn-value",
            description = "PV for the bonuses shown (default ${DEFAULT-VALUE}).")
    int pawnValue = 100;

    @Override
    public Integer call() throws Exception {
        CurrentBook b = CurrentBook.follow(book);
        ExplorerServer server;
        try {
            server =
                    ExplorerServer.start(
                            b, BookBonus.paper(pawnValue), listen.address(), listen.allowHosts);
        } catch (UncheckedIOException e) {
            b.close();
            throw ForegroundServer.startFailure(listen.port, e);
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        PrintWriter out = spec.commandLine().getOut();
        // the close runs before the exit, so RocksDB shuts down cleanly
        ForegroundServer.serveUntilStopped(
                "explorer-stop",
                () -> {
                    out.printf(
                            "book explorer for %s at %s (Ctrl-C stops)%n",
                            b.version(), ForegroundServer.url(listen.host, server.port(), "/"));
                    out.flush();
                },
                () -> {
                    server.close();
                    b.close();
                });
        return ExitCodes.OK;
    }
}
