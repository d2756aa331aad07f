package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.cli.Cli;
import dev.joseki.cli.Main;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.explorer.SmallBook;
import dev.joseki.rules.Result;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./joseki book serve} as a real subprocess on a real RocksDB book. */
class BookServeCommandTest {
    @TempDir static Path dir;
    static Path book;

    @BeforeAll
    static void smallBook() {
        book =
                new SmallBook()
                        .game("test", Result.BLACK_WIN, "7g7f", "3c3d")
                        .game("test", Result.BLACK_WIN, "7g7f")
                        .game("test", Result.WHITE_WIN, "2g2f")
                        .write(dir.resolve("book"));
    }

    static Process serve(Path bookDir) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(
                        java,
                        "-Xmx256m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "book",
                        "serve",
                        "--book",
                        bookDir.toString(),
                        "--port",
                        "0")
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    /** The explorer's address from the first line the server prints. */
    static String address(Process p) throws IOException {
        BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        Matcher m =
                Pattern.compile(
                                "book explorer for .* at (http://127\\.0\\.0\\.1:\\d+/) \\(Ctrl-C"
                                        + " stops\\)")
                        .matcher(first == null ? "" : first);
        assertThat(m.matches()).as(first).isTrue();
        return m.group(1);
    }

    static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(url)).build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesUntilTerminated() throws Exception {
        Process p = serve(book);
        try {
            HttpResponse<String> r = get(address(p) + "api/probe?sfen=startpos");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(new ObjectMapper().readTree(r.body()).get("full").toString())
                    .isEqualTo(
                            "[{\"move\":\"7g7f\",\"count\":2,\"wins\":2,\"draws\":0,\"losses\":0,\"unknown\":0,\"value\":null,\"depth\":null},"
                                + "{\"move\":\"2g2f\",\"count\":1,\"wins\":0,\"draws\":0,\"losses\":1,\"unknown\":0,\"value\":null,\"depth\":null}]");
            p.destroy(); // SIGTERM: the shutdown hook stops the server and closes the book
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("exits after SIGTERM").isTrue();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void busyPortIsAUsageErrorNamingTheAddress() throws Exception {
        try (ServerSocket busy =
                new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            PrintStream old = System.err;
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status;
            try {
                System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
                status =
                        Main.run(
                                "book",
                                "serve",
                                "--book",
                                book.toString(),
                                "--port",
                                Integer.toString(busy.getLocalPort()));
            } finally {
                System.setErr(old);
            }
            assertThat(status).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString(StandardCharsets.UTF_8))
                    .isEqualTo(
                            "joseki book serve: port "
                                    + busy.getLocalPort()
                                    + " is in use; use --port (0 picks a free one)"
                                    + System.lineSeparator());
        }
    }

    @Test
    void defaultPortIsNotTheSparkMasterUiOfClusterUp() {
        Cli.Run r = Cli.run("book", "serve", "--help");
        assertThat(r.out()).contains("(default 8765)").doesNotContain("8080");
    }

    @Test
    void aRebuildIsServedWithoutRestarting(@TempDir Path tmp) throws Exception {
        Path rebuilt =
                new SmallBook().game("v1", Result.BLACK_WIN, "7g7f").write(tmp.resolve("book"));
        Process p = serve(rebuilt);
        try {
            String url = address(p) + "api/probe?sfen=startpos";
            assertThat(new ObjectMapper().readTree(get(url).body()).get("full").toString())
                    .isEqualTo(
                            "[{\"move\":\"7g7f\",\"count\":1,\"wins\":1,\"draws\":0,\"losses\":0,\"unknown\":0,\"value\":null,\"depth\":null}]");
            // a rebuild publishes a new version in the same directory (as book build does)
            new SmallBook()
                    .game("v2", Result.WHITE_WIN, "2g2f")
                    .game("v2", Result.DRAW, "2g2f")
                    .write(rebuilt);
            String expected =
                    "[{\"move\":\"2g2f\",\"count\":2,\"wins\":0,\"draws\":1,\"losses\":1,\"unknown\":0,\"value\":null,\"depth\":null}]";
            String seen = "";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!seen.equals(expected) && System.nanoTime() < deadline) {
                Thread.sleep(200);
                seen = new ObjectMapper().readTree(get(url).body()).get("full").toString();
            }
            assertThat(seen).isEqualTo(expected);
            assertThat(
                            new ObjectMapper()
                                    .readTree(get(address0(url) + "api/stats").body())
                                    .get("games")
                                    .asLong())
                    .isEqualTo(2);
        } finally {
            p.destroy();
            p.waitFor(20, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
    }

    private static String address0(String probeUrl) {
        return probeUrl.substring(0, probeUrl.indexOf("api/"));
    }
}
