package dev.joseki.cli.room;

import dev.joseki.book.BookBonus;
import dev.joseki.cli.explorer.CurrentBook;
import dev.joseki.cli.explorer.ExplorerServer;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.RunStop;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * ./joseki serve wired: a {@link RoomFeed} reading the broker into a {@link RoomView}, and a {@link
 * RoomServer} showing it, whose stop action retires a run ({@link RunStop}); with a book, the book
 * explorer on the same server under {@link #EXPLORER}.
 */
public final class ControlRoom implements AutoCloseable {
    /** Where the book explorer is, given a book: one process, one port. */
    public static final String EXPLORER = "/explorer";

    private final RoomFeed feed;
    private final RoomServer server;
    private ExplorerServer explorer;

    private ControlRoom(RoomFeed feed, RoomServer server) {
        this.feed = feed;
        this.server = server;
    }

    /**
     * Serves the book explorer of {@code books} at {@link #EXPLORER}/ on this server too; the
     * caller closes {@code books} after this room.
     */
    public void withExplorer(CurrentBook books, BookBonus bonus, List<String> hostNames) {
        explorer = ExplorerServer.mount(server.http(), EXPLORER, books, bonus, hostNames);
    }

    public static ControlRoom start(
            KafkaSettings kafka,
            Topics topics,
            InetSocketAddress address,
            List<String> hostNames,
            String token) {
        RoomView view = new RoomView();
        RoomServer server =
                RoomServer.start(
                        view, address, hostNames, token, id -> RunStop.stop(kafka, topics, id));
        RoomFeed feed = new RoomFeed(kafka, topics, view);
        feed.start();
        return new ControlRoom(feed, server);
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        if (explorer != null) {
            explorer.close();
        }
        server.close();
        feed.close();
    }
}
