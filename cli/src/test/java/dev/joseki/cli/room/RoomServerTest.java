package dev.joseki.cli.room;

import static dev.joseki.cli.room.RoomRecords.game;
import static dev.joseki.cli.room.RoomRecords.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.records.proto.RunStatus;
import dev.joseki.records.proto.WorkerHeartbeat;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The control room's HTTP API over a view filled by hand (the broker side: RoomFeedTest). */
class RoomServerTest {
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final ObjectMapper JSON = new ObjectMapper();
    static final String TOKEN = "s3cret-token";
    static final List<String> stopped = new ArrayList<>();
    static RoomServer server;

    @BeforeAll
    static void start() {
        RoomView view = new RoomView();
        view.apply(run("t", 10));
        view.add(game("t", 0, 'W', 1));
        view.add(game("t", 1, 'D', 2));
        view.apply(run("done", 4).toBuilder().setStatus(RunStatus.RUN_STATUS_FINISHED).build());
        view.apply(run("tune-1", 8).toBuilder().setKind("tune").build());
        view.apply("w1", WorkerHeartbeat.newBuilder().setWorkerId("w1").setHost("h").build());
        server =
                RoomServer.start(
                        view,
                        new InetSocketAddress("127.0.0.1", 0),
                        List.of(),
                        TOKEN,
                        stopped::add);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(String path, String token) throws Exception {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .POST(HttpRequest.BodyPublishers.noBody());
        if (token != null) {
            b.header(RoomServer.TOKEN_HEADER, token);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValue("application/json; charset=utf-8");
        return JSON.readTree(r.body());
    }

    @Test
    void listsTheRunsWithTheirProgress() throws Exception {
        HttpResponse<String> r = get("/api/runs");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode runs = json(r).get("runs");
        assertThat(runs)
                .extracting(n -> n.get("id").asText())
                .containsExactly("done", "t", "tune-1");
        assertThat(runs.get(1).get("done").asInt()).isEqualTo(2);
        assertThat(runs.get(2).get("kind").asText()).isEqualTo("tune");
        assertThat(runs.get(0).get("status").asText()).isEqualTo("finished");
    }

    @Test
    void oneRunCarriesItsReportAndOneGameItsMovesAndFiles() throws Exception {
        JsonNode run = json(get("/api/runs/t")).get("run");
        assertThat(run.at("/report/players/0/points").asDouble()).isEqualTo(1.5);
        JsonNode g = json(get("/api/runs/t/games/0"));
        assertThat(g.get("moves").toString()).isEqualTo("[\"7g7f\"]");
        HttpResponse<String> usi = get("/api/runs/t/games/1.usi");
        assertThat(usi.body()).isEqualTo("position startpos moves 7g7f 3c3d\n");
        assertThat(usi.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"t-1.usi\"");
        assertThat(get("/api/runs/t/games/1.csa").body()).contains("+7776FU");
    }

    @Test
    void unknownIdsAnswer404AndMalformedOnes400InJson() throws Exception {
        assertThat(get("/api/runs/nosuch").statusCode()).isEqualTo(404);
        assertThat(json(get("/api/runs/nosuch")).get("error").asText()).contains("nosuch");
        assertThat(get("/api/runs/t/games/9").statusCode()).isEqualTo(404);
        assertThat(get("/api/runs/t/games/x1").statusCode()).isEqualTo(400);
        assertThat(get("/api/runs/t/games/1.pgn").statusCode()).isEqualTo(400);
        assertThat(get("/api/runs/bad%20id").statusCode()).isEqualTo(400);
        assertThat(get("/api/nothing").statusCode()).isEqualTo(404);
        assertThat(json(get("/api/runs/t/games/x1")).has("error")).isTrue();
    }

    @Test
    void listsTheWorkers() throws Exception {
        JsonNode w = json(get("/api/workers"));
        assertThat(w.at("/workers/0/worker_id").asText()).isEqualTo("w1");
        assertThat(w.get("broker").asText()).startsWith("connecting");
    }

    @Test
    void stoppingNeedsTheTokenAndARunningRun() throws Exception {
        assertThat(post("/api/runs/t/stop", null).statusCode()).isEqualTo(401);
        assertThat(post("/api/runs/t/stop", "wrong-token").statusCode()).isEqualTo(403);
        assertThat(stopped).isEmpty();
        assertThat(get("/api/runs/t/stop").statusCode()).isEqualTo(405);
        assertThat(post("/api/runs", TOKEN).statusCode()).isEqualTo(405);
        assertThat(post("/api/runs/nosuch/stop", TOKEN).statusCode()).isEqualTo(404);
        assertThat(post("/api/runs/done/stop", TOKEN).statusCode()).isEqualTo(409);
        // a tune is stopped where it runs (Ctrl-C), not by retiring its tasks
        assertThat(post("/api/runs/tune-1/stop", TOKEN).body()).contains("Ctrl-C");
        HttpResponse<String> ok = post("/api/runs/t/stop", TOKEN);
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(json(ok).get("stopped").asText()).isEqualTo("t");
        assertThat(stopped).containsExactly("t");
    }

    @Test
    void servesThePages() throws Exception {
        for (String page : List.of("/", "/run.html", "/workers.html", "/room.js", "/room.css")) {
            assertThat(get(page).statusCode()).as(page).isEqualTo(200);
        }
        assertThat(get("/../pom.xml").statusCode()).isEqualTo(404);
    }

    @Test
    void thePagesAreWholeAndTheirPartsAreNotServed() throws Exception {
        HttpResponse<String> runs = get("/runs.html");
        assertThat(runs.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        assertThat(runs.body())
                .startsWith("<!DOCTYPE html>")
                .contains("<body data-page=\"runs\">")
                .endsWith("</html>\n");
        assertThat(get("/").body()).isEqualTo(runs.body());
        for (String part : List.of("/layout.html", "/pages/run.html", "/pages/layout.html")) {
            assertThat(get(part).statusCode()).as(part).isEqualTo(404);
        }
    }
}
