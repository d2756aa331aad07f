package dev.joseki.cli.explorer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookBonus;
import dev.joseki.book.store.RocksBook;
import dev.joseki.rules.Result;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorer under hostile and careless clients, over raw sockets so that a request can be left
 * half sent and any Host header given: the server keeps answering, bounds what it reads and refuses
 * what it must not serve. Real RocksDB book, real JDK HTTP server.
 */
class ExplorerServerLimitsTest {
    @TempDir static Path dir;
    static RocksBook book;
    static ExplorerServer server;

    record Answer(int status, String head, String body) {}

    @BeforeAll
    static void serve() {
        Path bookDir =
                new SmallBook()
                        .game("/home/someone/games/a.kif", Result.BLACK_WIN, "7g7f", "3c3d")
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

    Socket open() throws Exception {
        Socket s = new Socket("127.0.0.1", server.port());
        s.setSoTimeout(15_000);
        return s;
    }

    /** Sends one whole request and reads the answer until the server closes the connection. */
    Answer request(String method, String target, String host) throws Exception {
        try (Socket s = open()) {
            OutputStream out = s.getOutputStream();
            out.write(
                    (method
                                    + " "
                                    + target
                                    + " HTTP/1.1\r\n"
                                    + (host == null ? "" : "Host: " + host + "\r\n")
                                    + "Connection: close\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int split = all.indexOf("\r\n\r\n");
            return new Answer(
                    Integer.parseInt(all.substring(9, 12)),
                    all.substring(0, split),
                    all.substring(split + 4));
        }
    }

    Answer get(String target) throws Exception {
        return request("GET", target, "127.0.0.1:" + server.port());
    }

    /**
     * Opens connections that each send the start of a request and never the blank line that ends
     * it.
     */
    List<Socket> halfSent(int n) throws Exception {
        List<Socket> held = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Socket s = open();
            s.getOutputStream()
                    .write("GET / HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            held.add(s);
        }
        return held;
    }

    @Test
    void aNormalRequestIsAnsweredWithinThreeSecondsWhileTwoHalfSentRequestsAreHeldOpen()
            throws Exception {
        List<Socket> held = halfSent(2);
        try {
            Thread.sleep(200); // let the server start reading them
            long t0 = System.nanoTime();
            assertThat(get("/api/position?sfen=startpos").status()).isEqualTo(200);
            assertThat((System.nanoTime() - t0) / 1e9).isLessThan(3.0);
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void manyHalfSentRequestsDoNotDelayOthersEither() throws Exception {
        List<Socket> held = halfSent(40);
        try {
            Thread.sleep(200);
            long t0 = System.nanoTime();
            for (int i = 0; i < 5; i++) {
                assertThat(get("/api/position?sfen=startpos").status()).isEqualTo(200);
            }
            assertThat((System.nanoTime() - t0) / 1e9).isLessThan(3.0);
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void aHalfSentRequestIsClosedByTheServerAfterTheRequestTimeLimit() throws Exception {
        List<Socket> held = halfSent(1);
        try (Socket s = held.get(0)) {
            long t0 = System.nanoTime();
            // No answer is due; the server just closes (end of stream) or resets the connection.
            try {
                assertThat(s.getInputStream().read()).isEqualTo(-1);
            } catch (SocketTimeoutException e) {
                throw new AssertionError("the half-sent request was still open after 15 s", e);
            } catch (java.io.IOException reset) {
                assertThat(reset.getMessage()).contains("reset");
            }
            // The limit plus the JDK's one-second timer tick plus slack on a busy machine.
            assertThat((System.nanoTime() - t0) / 1e9)
                    .isBetween(
                            ExplorerServer.MAX_REQUEST_SECONDS - 1.5,
                            ExplorerServer.MAX_REQUEST_SECONDS + 3.0);
        }
    }

    @Test
    void illegalPositionsAre400Not500() throws Exception {
        String q = URLEncoder.encode("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", StandardCharsets.UTF_8);
        Answer a = get("/api/position?sfen=" + q + "&moves=5b5a");
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.body()).contains("the side not to move (White) is in check");
        Answer noKings =
                get(
                        "/api/probe?sfen="
                                + URLEncoder.encode(
                                        "9/9/9/9/9/9/9/9/9 b - 1", StandardCharsets.UTF_8));
        assertThat(noKings.status()).isEqualTo(400);
        assertThat(noKings.body()).contains("no kings");
    }

    @Test
    void aMoveListOverTheBoundIs400AndAnOverlongUriIs414() throws Exception {
        Answer a =
                get(
                        "/api/position?sfen=startpos&moves="
                                + "7g7f+".repeat(ExplorerLine.MAX_PLIES + 1));
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.body()).contains("the explorer shows at most 1000");
        Answer longUri = get("/api/position?sfen=startpos&moves=" + "7g7f+".repeat(4_000));
        assertThat(longUri.status()).isEqualTo(414);
        assertThat(longUri.body().length()).isLessThan(200);
        // 340 KB: longer than the whole request head may be, so the JDK server drops it unanswered,
        // at once.
        long t0 = System.nanoTime();
        try {
            assertThat(get("/api/position?sfen=startpos&moves=" + "7g7f+".repeat(68_000)).status())
                    .isNotEqualTo(200);
        } catch (java.io.IOException reset) {
            assertThat(reset.getMessage()).contains("reset");
        }
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(3.0);
    }

    @Test
    void everyAnswerCarriesTheSecurityHeaders() throws Exception {
        for (String target : List.of("/", "/explorer.js", "/api/stats", "/nothing")) {
            // Header names are case-insensitive; the JDK server writes "X-frame-options".
            String head = get(target).head().toLowerCase(java.util.Locale.ROOT);
            assertThat(head)
                    .contains(
                            "x-content-type-options: nosniff",
                            "x-frame-options: deny",
                            "referrer-policy: no-referrer",
                            "content-security-policy: default-src 'none'; script-src 'self'");
        }
    }

    @Test
    void foreignHostNamesAreRefusedAgainstDnsRebinding() throws Exception {
        assertThat(request("GET", "/api/stats", "evil.example.com:" + server.port()).status())
                .isEqualTo(421);
        assertThat(request("GET", "/api/stats", null).status()).isEqualTo(400);
        assertThat(request("GET", "/api/stats", "localhost:" + server.port()).status())
                .isEqualTo(200);
    }

    @Test
    void otherMethodsAre405WithAllow() throws Exception {
        Answer a = request("DELETE", "/api/stats", "localhost");
        assertThat(a.status()).isEqualTo(405);
        assertThat(a.head().toLowerCase(java.util.Locale.ROOT)).contains("allow: get, head");
    }

    @Test
    void statsNameSourcesByFileNameAndLeaveOutTheSparkMaster() throws Exception {
        String body = get("/api/stats").body();
        assertThat(body)
                .contains("\"a.kif\":{\"games\":1}")
                .doesNotContain("/home/someone", "master", "build-host");
    }
}
