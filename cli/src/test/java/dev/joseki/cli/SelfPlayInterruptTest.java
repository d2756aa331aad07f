package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.cluster.ClusterCommand;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C of {@code selfplay --wait} on the embedded broker, as a real subprocess: the JVM's
 * shutdown hooks (which SIGINT and SIGTERM both run) say what became of the queued games and remove
 * the broker's temporary directory.
 */
class SelfPlayInterruptTest {
    private static final Pattern BROKER_DIR =
            Pattern.compile("starting an embedded Kafka broker in (\\S+) \\(removed on exit\\)");

    @Test
    void interruptingAnEmbeddedRunSaysSoAndRemovesTheBrokerDirectory(@TempDir Path dir)
            throws Exception {
        List<String> cmd =
                ClusterCommand.selfJvm(
                        "selfplay",
                        "--games",
                        "400",
                        "--nodes",
                        "20000",
                        "--concurrency",
                        "1",
                        "--wait");
        Path stderr = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).redirectError(stderr.toFile()).start();
        try {
            // "run <id> tasks <T> games <N> seed <S>" on stdout: the tasks are published, the wait
            // begins
            CompletableFuture<String> firstLine =
                    CompletableFuture.supplyAsync(
                            () -> {
                                try (BufferedReader r =
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        p.getInputStream(),
                                                        StandardCharsets.UTF_8))) {
                                    return r.readLine();
                                } catch (java.io.IOException e) {
                                    return "(stdout: " + e.getMessage() + ")";
                                }
                            });
            assertThat(firstLine.get(180, TimeUnit.SECONDS)).startsWith("run sp-");
            Matcher m = BROKER_DIR.matcher(Files.readString(stderr));
            assertThat(m.find()).as("the embedded broker's directory is announced").isTrue();
            Path brokerDir = Path.of(m.group(1));
            assertThat(brokerDir).exists();

            p.destroy(); // SIGTERM: the same shutdown hooks as Ctrl-C
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("exits after the signal").isTrue();
            assertThat(Files.readString(stderr))
                    .contains("joseki selfplay: interrupted: ")
                    .contains("the embedded broker and the games still queued on it are discarded");
            assertThat(Files.exists(brokerDir)).as(brokerDir + " removed").isFalse();
        } finally {
            p.destroyForcibly();
        }
    }
}
