package dev.joseki.cli.room;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.RunStop;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * ./joseki serve wired: a {@link RoomFeed} reading the broker into a {@link RoomView}, and a {@link
 * RoomServer} showing it, whose stop action retires a run ({@link RunStop}).
 */
public final class ControlRoom implements AutoCloseable {
    private final RoomFeed feed;
    private final RoomServer server;

    private ControlRoom(RoomFeed feed, RoomServer server) {
        this.feed = feed;
        this.server = server;
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
        server.close();
        feed.close();
    }
}
