package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.cli.explorer.SmallBook;
import dev.joseki.rules.Result;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
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
    @TempDir
    static Path dir;
    static Path book;

    @BeforeAll
    static void smallBook() {
        book = new SmallBook().game("test", Result.BLACK_WIN, "7g7f", "3c3d").game("test", Result.BLACK_WIN, "7g7f")
                .game("test", Result.WHITE_WIN, "2g2f").write(dir.resolve("book"));
    }

    @Test
    void servesUntilTerminated() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "book", "serve", "--book", book.toString(), "--port", "0")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            Matcher m = Pattern.compile("book explorer for .* at (http://127\\.0\\.0\\.1:\\d+/) \\(Ctrl-C stops\\)")
                    .matcher(first == null ? "" : first);
            assertThat(m.matches()).as(first).isTrue();
            HttpResponse<String> r = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(m.group(1) + "api/probe?sfen=startpos")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(new ObjectMapper().readTree(r.body()).get("full").toString()).isEqualTo(
                    "[{\"move\":\"7g7f\",\"count\":2,\"wins\":2,\"draws\":0,\"losses\":0},"
                    + "{\"move\":\"2g2f\",\"count\":1,\"wins\":0,\"draws\":0,\"losses\":1}]");
            p.destroy(); // SIGTERM: the shutdown hook stops the server and closes the book
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("exits after SIGTERM").isTrue();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void busyPortIsAUsageErrorNamingTheAddress() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            PrintStream old = System.err;
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status;
            try {
                System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
                status = Main.run("book", "serve", "--book", book.toString(), "--port",
                        Integer.toString(busy.getLocalPort()));
            } finally {
                System.setErr(old);
            }
            assertThat(status).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString(StandardCharsets.UTF_8)).contains("cannot listen on")
                    .contains(Integer.toString(busy.getLocalPort()));
        }
    }
}
