package dev.joseki.tournament.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PerturbationTest {
    @Test
    void theSameSeedAndIterationGiveTheSameDirection() {
        assertThat(Perturbation.flips(42, 17, 8)).isEqualTo(Perturbation.flips(42, 17, 8));
    }

    @Test
    void directionsAreSignsAndVaryWithIterationAndSeed() {
        int[] a = Perturbation.flips(42, 1, 64);
        assertThat(Arrays.stream(a).allMatch(d -> d == 1 || d == -1)).isTrue();
        // 64 fair signs agreeing everywhere by chance: probability 2^-64
        assertThat(a).isNotEqualTo(Perturbation.flips(42, 2, 64));
        assertThat(a).isNotEqualTo(Perturbation.flips(43, 1, 64));
        long plus = Arrays.stream(a).filter(d -> d == 1).count();
        assertThat(plus).isBetween(16L, 48L); // 4 standard deviations of Binomial(64, ½)
    }
}
