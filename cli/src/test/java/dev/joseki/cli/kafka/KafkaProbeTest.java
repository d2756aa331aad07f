package dev.joseki.cli.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.Cli;
import dev.joseki.cli.command.ExitCodes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Kafka command given a broker that cannot be reached fails within seconds with one line
 * naming the address, exit 3 (docs/cli.md), and no stack trace. Port 1 on the loopback refuses
 * connections; the {@code .invalid} top-level domain never resolves (RFC 2606).
 */
class KafkaProbeTest {
    static final String REFUSED = "127.0.0.1:1";
    static final String UNRESOLVABLE = "no-such-broker.invalid:9092";
    static final long LIMIT_MS = 20_000;

    record Timed(Cli.Run run, long millis) {}

    static Timed timed(List<String> args) {
        long t0 = System.nanoTime();
        Cli.Run r = Cli.run(args.toArray(String[]::new));
        return new Timed(r, (System.nanoTime() - t0) / 1_000_000);
    }

    static List<String> with(String servers, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--bootstrap-servers");
        all.add(servers);
        return all;
    }

    static void assertUnreachable(Timed t, String command, String servers) {
        assertThat(t.millis()).as("time to fail").isLessThan(LIMIT_MS);
        assertThat(t.run().status()).as(t.run().err()).isEqualTo(ExitCodes.UNREACHABLE);
        // one error line (after at most a progress note such as the tournament's id), no stack
        // trace
        List<String> lines = t.run().err().strip().lines().toList();
        assertThat(lines).hasSizeLessThanOrEqualTo(2);
        assertThat(lines.get(lines.size() - 1))
                .startsWith(
                        "joseki "
                                + command
                                + ": cannot reach the Kafka broker at "
                                + servers
                                + ": ");
        assertThat(t.run().err()).doesNotContain("\tat ").doesNotContain("Exception");
    }

    @Test
    void selfplayWaitFailsFastOnARefusedAddress() {
        assertUnreachable(
                timed(with(REFUSED, "selfplay", "--games", "2", "--wait")), "selfplay", REFUSED);
    }

    @Test
    void bookBuildFromKafkaFailsFastOnARefusedAddress(@TempDir Path dir) {
        Timed t =
                timed(
                        with(
                                REFUSED,
                                "book",
                                "build",
                                "--from-kafka",
                                "--out",
                                dir.resolve("book").toString()));
        assertUnreachable(t, "book build", REFUSED);
    }

    @Test
    void tournamentFailsFastOnARefusedAddress(@TempDir Path dir) {
        Timed t =
                timed(
                        with(
                                REFUSED,
                                "tournament",
                                "--engine",
                                "name=a builtin nodes=100",
                                "--engine",
                                "name=b builtin nodes=100",
                                "--games",
                                "2",
                                "--out",
                                dir.toString()));
        assertUnreachable(t, "tournament", REFUSED);
    }

    @Test
    void workerFailsFastOnARefusedAddress() {
        assertUnreachable(timed(with(REFUSED, "worker", "--concurrency", "1")), "worker", REFUSED);
    }

    @Test
    void demoFailsFastOnARefusedAddress(@TempDir Path dir) {
        Timed t = timed(with(REFUSED, "demo", "--games", "2", "--out", dir.toString()));
        assertThat(t.millis()).isLessThan(LIMIT_MS);
        assertThat(t.run().status()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(t.run().err())
                .contains("joseki demo: cannot reach the Kafka broker at " + REFUSED + ": ")
                .doesNotContain("\tat ");
    }

    @Test
    void anUnresolvableHostIsNamedAsSuch() {
        Timed t = timed(with(UNRESOLVABLE, "selfplay", "--games", "2", "--wait"));
        assertUnreachable(t, "selfplay", UNRESOLVABLE);
        assertThat(t.run().err()).contains("unknown host no-such-broker.invalid");
    }

    @Test
    void verboseAddsTheStackTrace() {
        Timed t = timed(with(REFUSED, "selfplay", "--games", "2", "--wait", "--verbose"));
        assertThat(t.run().status()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(t.run().err())
                .contains("cannot reach the Kafka broker at " + REFUSED)
                .contains("\tat dev.joseki.cli.kafka.KafkaProbe");
    }

    @Test
    void aMalformedAddressIsBadUsage() {
        Cli.Run r = Cli.run(with("localhost", "selfplay", "--games", "2").toArray(String[]::new));
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki selfplay: bad bootstrap server 'localhost': expected HOST:PORT"
                                + System.lineSeparator());
    }
}
