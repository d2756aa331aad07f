package dev.joseki.cli.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookBonus;
import dev.joseki.cli.explorer.CurrentBook;
import dev.joseki.cli.explorer.SmallBook;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One process, one port: the control room and, given a book, the book explorer under /explorer/ (a
 * real RocksDB book). No broker answers here: the pages say so and the server goes on.
 */
class ControlRoomTest {
    @TempDir Path dir;

    static HttpResponse<String> get(int port, String path) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesTheExplorerBesideTheRoomAndSaysTheBrokerIsUnreachable() throws Exception {
        Path bookDir = new SmallBook().realKifRecords(Path.of("..")).write(dir.resolve("book"));
        try (CurrentBook books = CurrentBook.follow(bookDir);
                ControlRoom room =
                        ControlRoom.start(
                                KafkaSettings.of("127.0.0.1:1"),
                                Topics.withPrefix("none"),
                                new InetSocketAddress("127.0.0.1", 0),
                                List.of(),
                                "control-room-token")) {
            room.withExplorer(books, BookBonus.paper(100), List.of());
            int port = room.port();
            assertThat(get(port, "/").body()).contains("<script src=\"room.js\"></script>");
            assertThat(get(port, "/explorer/").body())
                    .contains("<script src=\"explorer.js\"></script>");
            assertThat(get(port, "/explorer/explorer.js").statusCode()).isEqualTo(200);
            assertThat(get(port, "/explorer/api/stats").body()).contains("\"games\":6");
            assertThat(get(port, "/explorer/api/probe?sfen=startpos").body()).contains("7g7f");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            String runs = get(port, "/api/runs").body();
            while (!runs.contains("broker unreachable") && System.nanoTime() < deadline) {
                Thread.sleep(200);
                runs = get(port, "/api/runs").body();
            }
            assertThat(runs).contains("\"broker\":\"broker unreachable at 127.0.0.1:1");
        }
    }
}
