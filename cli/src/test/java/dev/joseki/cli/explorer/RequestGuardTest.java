package dev.joseki.cli.explorer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Host check against DNS rebinding: names must be known, IP literals need not be. */
class RequestGuardTest {
    final RequestGuard guard = new RequestGuard(List.of("book.example.org"));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "localhost",
                "localhost:8080",
                "LOCALHOST.",
                "127.0.0.1:8080",
                "192.168.1.20",
                "[::1]:8080",
                "[::1]",
                "book.example.org",
                "Book.Example.Org:80"
            })
    void ipLiteralsLocalhostAndGivenNamesAreAccepted(String host) {
        assertThat(guard.allows(host)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "evil.example.com",
                "evil.example.com:8080",
                "127.0.0.1.evil.example.com",
                "localhost.evil.example.com",
                "localhost:80:80",
                "localhost:http",
                "[::1]x",
                "[evil]:80",
                "book.example.org.evil.example.com"
            })
    void otherNamesAreRefused(String host) {
        assertThat(guard.allows(host)).isFalse();
    }
}
