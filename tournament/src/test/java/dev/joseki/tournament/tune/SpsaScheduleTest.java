package dev.joseki.tournament.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SpsaScheduleTest {
    // N = 100 iterations, c_end = 10, r_end = 0.002; defaults alpha 0.602, gamma 0.101, A = 10
    private final TuneParameter p = new TuneParameter("x", 50, 0, 100, 10, 0.002);
    private final SpsaSchedule s = SpsaSchedule.defaults(100);

    @Test
    void defaultsAreFishtests() {
        assertThat(s.alpha()).isEqualTo(0.602);
        assertThat(s.gamma()).isEqualTo(0.101);
        assertThat(s.bigA()).isEqualTo(10.0);
        assertThat(SpsaSchedule.defaults(1005).bigA()).isEqualTo(100.0); // int(0.1 · N)
    }

    @Test
    void perturbationShrinksFromCTimesNToTheGammaToCEnd() {
        // c_1 = 10 · 100^0.101 = 10 · e^(0.101 · 4.605170) = 10 · e^0.465122 = 15.9220
        assertThat(s.c(p, 1)).isCloseTo(15.9220, within(1e-4));
        assertThat(s.c(p, 100)).isCloseTo(10.0, within(1e-12));
    }

    @Test
    void stepShrinksToREndTimesCEndSquared() {
        // a_1 = 0.002 · 100 · (110 / 11)^0.602 = 0.2 · 10^0.602 = 0.2 · 3.999447 = 0.799889
        assertThat(s.a(p, 1)).isCloseTo(0.799889, within(1e-5));
        assertThat(s.a(p, 100)).isCloseTo(0.2, within(1e-12));
    }
}
