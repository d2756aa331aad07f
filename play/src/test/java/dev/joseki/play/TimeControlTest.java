package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimeControlTest {

    @Test
    void commandLineNotationIsTheSpecsOne() {
        assertThat(TimeControl.parseOption("--tc", "10+0.1", 50))
                .isEqualTo(new TimeControl(10_000, 100, 0, 50));
        assertThat(TimeControl.parseOption("--tc", "60 byoyomi=1000", 0))
                .isEqualTo(new TimeControl(60_000, 0, 1_000, 0));
        assertThatThrownBy(() -> TimeControl.parseOption("--tc", "10+", 50))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "--tc: increment must be seconds like 10 or 0.1, got '' (e.g. --tc"
                                + " 10+0.1)");
        assertThatThrownBy(() -> TimeControl.parseOption("--a-tc", "10+1 byoyomi=5", 50))
                .hasMessage(
                        "--a-tc: give an increment or a byoyomi, not both (e.g. --a-tc 10+0.1)");
        assertThatThrownBy(() -> TimeControl.parseOption("--tc", "10 nodes=5", 50))
                .hasMessageContaining("expected MAIN[+INC]");
    }

    @Test
    void writtenBackInSeconds() {
        assertThat(new TimeControl(10_000, 100, 0, 50)).hasToString("tc=10+0.1");
        assertThat(new TimeControl(2_050, 0, 0, 50)).hasToString("tc=2.05");
        assertThat(new TimeControl(60_000, 0, 1_000, 50)).hasToString("tc=60 byoyomi=1000");
    }
}
