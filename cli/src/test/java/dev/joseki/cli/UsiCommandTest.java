package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code ./joseki usi} as a GUI starts it: a child JVM talked to over its pipes. */
class UsiCommandTest {
    @Test
    void theUsiCommandAnswersTheHandshakeOnStdoutAndQuits() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p =
                new ProcessBuilder(
                                java,
                                "-Xmx256m",
                                "-cp",
                                System.getProperty("java.class.path"),
                                Main.class.getName(),
                                "usi")
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        try (OutputStream in = p.getOutputStream()) {
            in.write("usi\nquit\n".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the engine quits on 'quit'").isTrue();
        List<String> out =
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                        .lines()
                        .toList();

        assertThat(p.exitValue()).isZero();
        assertThat(out).isNotEmpty();
        assertThat(out.get(0)).startsWith("id name ");
        assertThat(out.get(out.size() - 1)).isEqualTo("usiok");
    }
}
