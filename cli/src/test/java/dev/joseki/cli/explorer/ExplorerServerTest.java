package dev.joseki.cli.explorer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.book.BookBonus;
import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.Main;
import dev.joseki.rules.Result;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorer's HTTP API on a real RocksDB book, over real HTTP. Expected values are worked out by
 * hand.
 */
class ExplorerServerTest {
    static final String AFTER_7G7F_3C3D =
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";

    @TempDir static Path dir;
    static Path bookDir;
    static RocksBook book;
    static ExplorerServer server;
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final ObjectMapper JSON = new ObjectMapper();

    record Answer(int status, String contentType, String body) {
        JsonNode json() throws Exception {
            return JSON.readTree(body);
        }
    }

    @BeforeAll
    static void serve() {
        // A: 7g7f 3c3d 2g2f (Black won); B: 7g7f 8c8d (White won); C: 2g2f 3c3d (no result)
        bookDir =
                new SmallBook()
                        .game("test", Result.BLACK_WIN, "7g7f", "3c3d", "2g2f")
                        .game("test", Result.WHITE_WIN, "7g7f", "8c8d")
                        .game("test", Result.UNFINISHED, "2g2f", "3c3d")
                        .write(dir.resolve("book"));
        book = RocksBook.open(bookDir);
        server =
                ExplorerServer.start(
                        book, BookBonus.paper(100), new InetSocketAddress("127.0.0.1", 0));
    }

    @AfterAll
    static void stop() {
        server.close();
        book.close();
    }

    static Answer get(String pathAndQuery) throws Exception {
        return send(
                HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + server.port() + pathAndQuery))
                        .GET());
    }

    static Answer send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> r = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(
                r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body());
    }

    static String q(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static String bookProbeJson(String sfen) {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            assertThat(
                            Main.run(
                                    "book",
                                    "probe",
                                    "--book",
                                    bookDir.toString(),
                                    "--sfen",
                                    sfen,
                                    "--json"))
                    .isZero();
        } finally {
            System.setOut(old);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void probeAnswersExactlyWhatBookProbeJsonPrints() throws Exception {
        for (String sfen :
                List.of(
                        "startpos",
                        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
                        AFTER_7G7F_3C3D)) {
            Answer a = get("/api/probe?sfen=" + q(sfen));
            assertThat(a.status()).isEqualTo(200);
            assertThat(a.contentType()).startsWith("application/json");
            assertThat(a.json()).isEqualTo(JSON.readTree(bookProbeJson(sfen)));
        }
    }

    @Test
    void probeOfTheStartPositionCountsBothOpeningMoves() throws Exception {
        JsonNode full = get("/api/probe?sfen=startpos").json().get("full");
        assertThat(full).hasSize(2);
        assertThat(full.get(0).toString())
                .isEqualTo(
                        "{\"move\":\"7g7f\",\"count\":2,\"wins\":1,\"draws\":0,\"losses\":1,\"unknown\":0,"
                            + "\"value\":null,\"depth\":null}");
        assertThat(full.get(1).toString())
                .isEqualTo(
                        "{\"move\":\"2g2f\",\"count\":1,\"wins\":0,\"draws\":0,\"losses\":0,\"unknown\":1,"
                            + "\"value\":null,\"depth\":null}");
    }

    @Test
    void probeAcceptsAUsiLineAndMoves() throws Exception {
        // after 7g7f White answered 3c3d once (lost) and 8c8d once (won)
        JsonNode a = get("/api/probe?sfen=" + q("position startpos moves 7g7f")).json();
        JsonNode b = get("/api/probe?sfen=startpos&moves=7g7f").json();
        assertThat(a).isEqualTo(b);
        assertThat(a.get("full").findValuesAsText("move"))
                .containsExactlyInAnyOrder("3c3d", "8c8d");
    }

    @Test
    void malformedSfenIsA400NamingTheProblem() throws Exception {
        Answer a = get("/api/probe?sfen=" + q("lnsgkgsnl/1r5b1/ppppppppp b - 1"));
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.json().get("error").asText()).startsWith("sfen:1:").contains("9 ranks");
        Answer p =
                get(
                        "/api/position?sfen="
                                + q(
                                        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX"
                                                + " b - 1"));
        assertThat(p.status()).isEqualTo(400);
        assertThat(p.json().get("error").asText()).startsWith("sfen:1:");
    }

    @Test
    void illegalMoveIsA400NamingItsColumn() throws Exception {
        Answer a = get("/api/position?sfen=startpos&moves=" + q("7g7f 7g7f"));
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.json().get("error").asText())
                .startsWith("moves:1:6:")
                .contains("illegal move '7g7f'");
    }

    @Test
    void missingSfenIsA400() throws Exception {
        Answer a = get("/api/probe");
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.json().get("error").asText()).contains("missing parameter 'sfen'");
    }

    @Test
    void unknownPositionGivesEmptyListsNotAnError() throws Exception {
        Answer a = get("/api/probe?sfen=" + q("4k4/9/9/9/9/9/9/9/4K4 b - 1"));
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.body())
                .isEqualTo(
                        "{\"full\":[],\"half\":[],\"quarter\":[],\"castle\":[],\"principal_line\":[]}");
    }

    @Test
    void positionGivesBoardMovesAndNotation() throws Exception {
        JsonNode p = get("/api/position?sfen=startpos&moves=" + q("7g7f 3c3d")).json();
        assertThat(p.get("sfen").asText()).isEqualTo(AFTER_7G7F_3C3D);
        assertThat(p.get("usi").asText()).isEqualTo("position startpos moves 7g7f 3c3d");
        assertThat(p.get("kif").toString()).isEqualTo("[\"▲７六歩(77)\",\"△３四歩(33)\"]");
        assertThat(p.get("last").toString()).isEqualTo("{\"to\":\"3d\",\"from\":\"3c\"}");
        assertThat(p.get("side").asText()).isEqualTo("black");
        JsonNode board = p.get("board");
        assertThat(board.get(0).get(0).toString())
                .isEqualTo(
                        "{\"square\":\"9a\",\"piece\":\"香\",\"sfen\":\"l\",\"color\":\"white\"}");
        assertThat(board.get(3).get(6).get("sfen").asText()).isEqualTo("p"); // 3d
        assertThat(board.get(2).get(6).has("piece")).isFalse(); // 3c
        assertThat(board.get(8).get(4).get("piece").asText()).isEqualTo("玉"); // 5i
        assertThat(board.get(0).get(4).get("piece").asText()).isEqualTo("王"); // 5a
    }

    @Test
    void aPastedLineFromAnSfenKeepsItsStart() throws Exception {
        String start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        JsonNode p = get("/api/position?sfen=" + q("sfen " + start + " moves 3c3d")).json();
        assertThat(p.get("start").asText()).isEqualTo(start);
        assertThat(p.get("usi").asText()).isEqualTo("position sfen " + start + " moves 3c3d");
        assertThat(p.get("kif").toString()).isEqualTo("[\"△３四歩(33)\"]");
        assertThat(p.get("sfen").asText()).isEqualTo(AFTER_7G7F_3C3D);
        // a bare SFEN is a line without moves
        JsonNode bare = get("/api/position?sfen=" + q(start)).json();
        assertThat(bare.get("usi").asText()).isEqualTo("position sfen " + start);
        assertThat(bare.get("side").asText()).isEqualTo("white");
    }

    @Test
    void startPositionHasThirtyLegalMovesWithKifNames() throws Exception {
        JsonNode p = get("/api/position?sfen=startpos").json();
        assertThat(p.get("legal")).hasSize(30);
        assertThat(p.get("last").isNull()).isTrue();
        List<String> names = new ArrayList<>();
        p.get("legal").forEach(m -> names.add(m.get("usi").asText() + "=" + m.get("kif").asText()));
        assertThat(names).contains("7g7f=７六歩(77)", "2h5h=５八飛(28)", "5i4h=４八玉(59)");
    }

    @Test
    void capturesFillTheHandAndDropsAreNamed() throws Exception {
        JsonNode p =
                get("/api/position?sfen=" + q("position startpos moves 7g7f 3c3d 8h2b+ 3a2b"))
                        .json();
        assertThat(p.get("kif").get(2).asText()).isEqualTo("▲２二角成(88)");
        assertThat(p.get("kif").get(3).asText()).isEqualTo("△同　銀(31)");
        assertThat(p.get("hands").get("black").toString())
                .isEqualTo("[{\"piece\":\"角\",\"type\":\"B\",\"count\":1}]");
        assertThat(p.get("hands").get("white").toString())
                .isEqualTo("[{\"piece\":\"角\",\"type\":\"B\",\"count\":1}]");
        JsonNode drop = null;
        for (JsonNode m : p.get("legal")) {
            if (m.get("usi").asText().equals("B*5e")) {
                drop = m;
            }
        }
        assertThat(drop).isNotNull();
        assertThat(drop.get("kif").asText()).isEqualTo("５五角打");
        assertThat(drop.get("drop").asText()).isEqualTo("B");
        assertThat(drop.get("from").isNull()).isTrue();
    }

    @Test
    void quarterAreasTurnWithTheSideToMove() throws Exception {
        JsonNode black = get("/api/position?sfen=startpos").json().get("areas");
        assertThat(texts(black.get("left")))
                .hasSize(25)
                .contains("9e", "9i", "5e", "5i")
                .doesNotContain("4e", "9d");
        assertThat(texts(black.get("right"))).hasSize(25).contains("5e", "1i").doesNotContain("6e");
        // White sees the board turned: its left (files 9-5 from its side) is board files 1-5, ranks
        // a-e
        JsonNode white = get("/api/position?sfen=startpos&moves=7g7f").json().get("areas");
        assertThat(texts(white.get("left")))
                .hasSize(25)
                .contains("1a", "1e", "5a", "5e")
                .doesNotContain("6a", "1f");
        assertThat(texts(white.get("right"))).hasSize(25).contains("9a", "5e").doesNotContain("4a");
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void statsIsBookStatsPlusPositionsPerPly() throws Exception {
        JsonNode s = get("/api/stats").json();
        assertThat(s.get("games").asLong()).isEqualTo(3);
        assertThat(s.get("entries").get("full").asLong()).isEqualTo(6);
        assertThat(s.get("max_ply").asLong()).isEqualTo(40);
        assertThat(s.get("sources").get("test").get("games").asLong()).isEqualTo(3);
        // start (ply 1); after 7g7f and after 2g2f (ply 2); after 7g7f 3c3d (ply 3)
        assertThat(s.get("positions_per_ply").toString())
                .isEqualTo(
                        "[{\"ply\":1,\"positions\":1},{\"ply\":2,\"positions\":2},{\"ply\":3,\"positions\":1}]");
    }

    @Test
    void servesThePageAndNothingOutsideIt() throws Exception {
        Answer page = get("/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.body())
                .contains("<script src=\"explorer.js\"></script>")
                .doesNotContain("http://", "https://");
        assertThat(get("/explorer.js").contentType()).startsWith("text/javascript");
        assertThat(get("/board.js").body()).contains("function drawShogiBoard(");
        // no network at run time: the only absolute URL is the SVG namespace name, which is never
        // fetched
        assertThat(get("/explorer.js").body().replace("http://www.w3.org/2000/svg", ""))
                .doesNotContain("http://", "https://")
                .contains("'api/probe?");
        assertThat(get("/%2e%2e/pom.xml").status()).isEqualTo(404);
        assertThat(get("/api/nothing").status()).isEqualTo(404);
        Answer post =
                send(
                        HttpRequest.newBuilder(
                                        URI.create(
                                                "http://127.0.0.1:" + server.port() + "/api/stats"))
                                .POST(HttpRequest.BodyPublishers.ofString("x")));
        assertThat(post.status()).isEqualTo(405);
    }
}
