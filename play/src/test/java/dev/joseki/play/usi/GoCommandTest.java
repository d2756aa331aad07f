package dev.joseki.play.usi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.engine.Limits;
import org.junit.jupiter.api.Test;

class GoCommandTest {
    private static Limits go(String line) {
        return GoCommand.parse(line.split(" "), 1);
    }

    @Test
    void readsEveryTimeControl() {
        Limits l = go("go btime 60000 wtime 50000 binc 1000 winc 2000 byoyomi 3000");
        assertThat(l.btime()).isEqualTo(60000);
        assertThat(l.wtime()).isEqualTo(50000);
        assertThat(l.binc()).isEqualTo(1000);
        assertThat(l.winc()).isEqualTo(2000);
        assertThat(l.byoyomi()).isEqualTo(3000);
        assertThat(go("go ponder btime 1 wtime 1 byoyomi 10").ponder()).isTrue();
        assertThat(go("go infinite").infinite()).isTrue();
        assertThat(go("go nodes 500 depth 6").nodes()).isEqualTo(500);
        assertThat(go("go movetime 250").movetime()).isEqualTo(250);
        assertThat(go("go mate 3000").mate()).isEqualTo(3000);
        assertThat(go("go mate infinite").mate()).isEqualTo(-1);
    }

    @Test
    void rejectsMalformedParametersNamingThem() {
        assertThatThrownBy(() -> go("go depth")).hasMessageContaining("depth");
        assertThatThrownBy(() -> go("go nodes x1")).hasMessageContaining("x1");
        assertThatThrownBy(() -> go("go btime -5")).hasMessageContaining("negative");
        assertThatThrownBy(() -> go("go fast")).hasMessageContaining("fast");
    }

    @Test
    void aClockOfZeroIsStillAClock() {
        assertThat(go("go btime 0 wtime 0").clock()).isTrue();
        assertThat(go("go btime 0 wtime 0 byoyomi 1000").clock()).isTrue();
        assertThat(go("go depth 3").clock()).isFalse();
        assertThat(go("go infinite").clock()).isFalse();
    }

    @Test
    void valuesBeyondTheLargestLongSaturate() {
        // 2^63 and 2^64 - 1: the longest time there is, not an error and not a wrapped value
        assertThat(go("go btime 9223372036854775808 wtime 1").btime()).isEqualTo(Long.MAX_VALUE);
        assertThat(go("go byoyomi 18446744073709551615").byoyomi()).isEqualTo(Long.MAX_VALUE);
        assertThat(go("go nodes 9223372036854775807").nodes()).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> go("go btime -9223372036854775809"))
                .hasMessageContaining("negative");
        assertThatThrownBy(() -> go("go btime 12x")).hasMessageContaining("not a number");
    }

    @Test
    void aHugeTokenIsQuotedCutWithItsLength() {
        String junk = "x".repeat(1_000_000);
        assertThatThrownBy(() -> go("go " + junk))
                .hasMessageContaining("(1000000 characters)")
                .message()
                .hasSizeLessThan(300);
        assertThatThrownBy(() -> go("go btime " + junk))
                .hasMessageContaining("(1000000 characters)")
                .message()
                .hasSizeLessThan(300);
    }
}
