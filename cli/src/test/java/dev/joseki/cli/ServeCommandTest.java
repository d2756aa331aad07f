package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What ./joseki serve refuses before it listens (the server itself: RoomServerTest). */
class ServeCommandTest {
    static String[] run(int expected, String... args) {
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            assertThat(Main.run(args)).isEqualTo(expected);
        } finally {
            System.setErr(old);
        }
        return err.toString(StandardCharsets.UTF_8).lines().toArray(String[]::new);
    }

    @Test
    void anAddressBeyondThisMachineNeedsAToken() {
        assertThat(run(2, "serve", "--host", "0.0.0.0", "--bootstrap-servers", "127.0.0.1:1"))
                .containsExactly(
                        "joseki serve: --host 0.0.0.0 exposes the server beyond this machine: give"
                                + " --token (the secret its actions need)");
    }

    @Test
    void aTokenIsAtLeastEightCharacters() {
        assertThat(run(2, "serve", "--token", "short", "--bootstrap-servers", "127.0.0.1:1"))
                .containsExactly("joseki serve: --token must be at least 8 characters");
    }

    @Test
    void loopbackAddressesAreNotExposed() {
        assertThat(ServeCommand.isLoopback("127.0.0.1")).isTrue();
        assertThat(ServeCommand.isLoopback("localhost")).isTrue();
        assertThat(ServeCommand.isLoopback("::1")).isTrue();
        assertThat(ServeCommand.isLoopback("0.0.0.0")).isFalse();
    }

    @Test
    void aMadeUpTokenIs32HexDigits() {
        assertThat(ServeCommand.newToken())
                .matches("[0-9a-f]{32}")
                .isNotEqualTo(ServeCommand.newToken());
    }
}
