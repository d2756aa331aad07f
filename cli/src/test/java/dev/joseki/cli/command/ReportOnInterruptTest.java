package dev.joseki.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.cli.cluster.ClusterCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tournament stopped by a signal, as a real subprocess: the shutdown hook lets it write the
 * report of the games finished so far before the JVM exits.
 */
class ReportOnInterruptTest {
    private static final Pattern DONE = Pattern.compile("(?m)(?:^|\r)(\\d+)/400 games");

    @Test
    void aStoppedTournamentWritesTheReportOfItsFinishedGames(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("t");
        List<String> cmd =
                ClusterCommand.selfJvm(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=a builtin option.USI_Hash=1 nodes=300",
                        "--engine",
                        "name=b builtin option.USI_Hash=1 nodes=100",
                        "--games",
                        "400",
                        "--progress",
                        "--out",
                        out.toString());
        Path stdout = dir.resolve("stdout.txt");
        Path stderr = dir.resolve("stderr.txt");
        Process p =
                new ProcessBuilder(cmd)
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile())
                        .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (finished(stderr) < 2 && System.nanoTime() < deadline && p.isAlive()) {
                Thread.sleep(200);
            }
            assertThat(finished(stderr)).as(Files.readString(stderr)).isGreaterThanOrEqualTo(2);

            p.destroy(); // SIGTERM: the same shutdown hooks as Ctrl-C
            assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("exits after the signal").isTrue();
            assertThat(Files.readString(stderr))
                    .contains(
                            "joseki: interrupted: writing the report of the games finished so far")
                    .doesNotContain("exiting without one");
            int games =
                    new ObjectMapper()
                            .readTree(out.resolve("results.json").toFile())
                            .path("distinct")
                            .path("games")
                            .asInt();
            assertThat(games).isBetween(finished(stderr), 399);
            assertThat(Files.readString(out.resolve("report.md")))
                    .contains(
                            "- games: "
                                    + games
                                    + " of 400 scheduled (interrupted: the games finished until"
                                    + " then)");
            assertThat(Files.readString(stdout, StandardCharsets.UTF_8))
                    .contains("interrupted: " + games + " of 400 games finished");
        } finally {
            p.destroyForcibly();
        }
    }

    /** The highest "N/400 games" on the progress line so far. */
    private static int finished(Path stderr) throws java.io.IOException {
        Matcher m = DONE.matcher(Files.readString(stderr));
        int n = 0;
        while (m.find()) {
            n = Math.max(n, Integer.parseInt(m.group(1)));
        }
        return n;
    }
}
