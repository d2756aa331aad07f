package dev.joseki.cli;

import dev.joseki.book.BookBonus;
import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.ForegroundServer;
import dev.joseki.cli.command.ListenOptions;
import dev.joseki.cli.explorer.CurrentBook;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.cli.room.ControlRoom;
import dev.joseki.kafka.KafkaSettings;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki serve}: the control room, web pages of every run the broker knows and of the
 * workers, until the process is stopped (docs/serve.md). It reads the broker and never writes to
 * it, except for the stop action, which needs the token.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Serves the control room: the runs on the workers, each run's figures and games, the"
                    + " workers (pages and JSON API under /api/).",
            "Binds 127.0.0.1 unless --host says otherwise; another address needs --token."
        })
final class ServeCommand implements Callable<Integer> {
    /** Not 8765 (the book explorer's) nor 8080 (the Spark master UI's). */
    static final int DEFAULT_PORT = 8766;

    @Spec CommandSpec spec;

    @Mixin KafkaOptions kafka = new KafkaOptions();

    @Mixin ListenOptions listen = new ListenOptions(DEFAULT_PORT);

    @Option(
            names = "--token",
            paramLabel = "TOKEN",
            description =
                    "The secret the actions (stop) need in header X-Joseki-Token; required when"
                            + " --host is not a loopback address. Without it one is made up and"
                            + " printed.")
    String token;

    @Option(
            names = "--book",
            paramLabel = "DIR",
            description =
                    "Also serve the book explorer of this book at /explorer/ (as book serve does).")
    Path book;

    @Option(
            names = "--pawn-value",
            description = "PV for the explorer's bonuses (default ${DEFAULT-VALUE}).")
    int pawnValue = 100;

    @Override
    public Integer call() throws Exception {
        boolean loopback = isLoopback(listen.host);
        if (!loopback && (token == null || token.isBlank())) {
            throw new CommandFailure(
                    ExitCodes.USAGE,
                    "--host "
                            + listen.host
                            + " exposes the server beyond this machine: give --token (the"
                            + " secret its actions need)");
        }
        if (token != null && token.strip().length() < 8) {
            throw new CommandFailure(ExitCodes.USAGE, "--token must be at least 8 characters");
        }
        String secret = token != null ? token.strip() : newToken();
        KafkaSettings settings = KafkaConnection.lastingSettings(kafka);
        CurrentBook books = book == null ? null : CurrentBook.follow(book);
        ControlRoom room;
        try {
            room =
                    ControlRoom.start(
                            settings, kafka.topics(), listen.address(), listen.allowHosts, secret);
            if (books != null) {
                List<String> names = new ArrayList<>(listen.allowHosts);
                names.add(listen.host);
                room.withExplorer(books, BookBonus.paper(pawnValue), names);
            }
        } catch (UncheckedIOException e) {
            if (books != null) {
                books.close();
            }
            throw ForegroundServer.startFailure(listen.port, e);
        }
        PrintWriter out = spec.commandLine().getOut();
        ForegroundServer.serveUntilStopped(
                "serve-stop",
                () -> {
                    out.printf(
                            "control room of %s at %s (Ctrl-C stops)%n",
                            settings.bootstrapServers(),
                            ForegroundServer.url(listen.host, room.port(), "/"));
                    if (books != null) {
                        out.printf(
                                "book explorer for %s at %s%n",
                                books.version(),
                                ForegroundServer.url(
                                        listen.host, room.port(), ControlRoom.EXPLORER + "/"));
                    }
                    if (token == null) {
                        out.println("token for the stop action: " + secret);
                    }
                    out.flush();
                },
                () -> {
                    room.close();
                    if (books != null) {
                        books.close();
                    }
                });
        return ExitCodes.OK;
    }

    static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            throw new CommandFailure(ExitCodes.USAGE, "--host " + host + ": unknown host", e);
        }
    }

    static String newToken() {
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
