package dev.joseki.cli.room;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The control room keeps the explorer's hardening: half-sent requests hold no one up, foreign host
 * names are refused, every answer carries the security headers.
 */
@Tag("full")
class RoomServerLimitsTest {
    static RoomServer server;

    record Answer(int status, String head) {}

    @BeforeAll
    static void serve() {
        RoomView view = new RoomView();
        view.apply(RoomRecords.run("t", 4));
        server =
                RoomServer.start(
                        view,
                        new InetSocketAddress("127.0.0.1", 0),
                        List.of(),
                        "limits-token",
                        id -> {});
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Socket open() throws Exception {
        Socket s = new Socket("127.0.0.1", server.port());
        s.setSoTimeout(15_000);
        return s;
    }

    static Answer request(String method, String target, String host) throws Exception {
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
            return new Answer(
                    Integer.parseInt(all.substring(9, 12)),
                    all.substring(0, all.indexOf("\r\n\r\n")).toLowerCase(Locale.ROOT));
        }
    }

    static Answer get(String target) throws Exception {
        return request("GET", target, "127.0.0.1:" + server.port());
    }

    @Test
    void halfSentRequestsDoNotDelayOthers() throws Exception {
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < 40; i++) {
                Socket s = open();
                s.getOutputStream()
                        .write(
                                "GET / HTTP/1.1\r\nHost: x\r\n"
                                        .getBytes(StandardCharsets.ISO_8859_1));
                s.getOutputStream().flush();
                held.add(s);
            }
            Thread.sleep(200);
            long t0 = System.nanoTime();
            for (int i = 0; i < 5; i++) {
                assertThat(get("/api/runs").status()).isEqualTo(200);
            }
            assertThat((System.nanoTime() - t0) / 1e9).isLessThan(3.0);
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void foreignHostNamesAreRefusedAndOtherMethodsAre405() throws Exception {
        assertThat(request("GET", "/api/runs", "evil.example.com").status()).isEqualTo(421);
        assertThat(request("GET", "/api/runs", null).status()).isEqualTo(400);
        Answer delete = request("DELETE", "/api/runs/t", "localhost");
        assertThat(delete.status()).isEqualTo(405);
        assertThat(delete.head()).contains("allow: get, head, post");
    }

    @Test
    void everyAnswerCarriesTheSecurityHeaders() throws Exception {
        for (String target : List.of("/", "/room.js", "/api/runs", "/api/runs/nosuch", "/x")) {
            assertThat(get(target).head())
                    .as(target)
                    .contains(
                            "x-content-type-options: nosniff",
                            "x-frame-options: deny",
                            "content-security-policy: default-src 'none'; script-src 'self'");
        }
    }
}
