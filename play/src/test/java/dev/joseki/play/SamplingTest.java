package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SamplingTest {
    private static final Sampling S = new Sampling(8, 30, 4);

    private static Sampling.Line cp(String usi, int score) {
        return new Sampling.Line(usi, false, score);
    }

    @Test
    void candidatesAreTheLinesWithinTheWindowOfTheBest() {
        List<Sampling.Line> lines =
                List.of(cp("7g7f", 50), cp("2g2f", 20), cp("5g5f", 19), cp("1g1f", -100));
        // best 50, window 30: 20 is in (>= 20), 19 is not
        assertThat(S.candidates(lines))
                .extracting(Sampling.Line::usi)
                .containsExactly("7g7f", "2g2f");
    }

    @Test
    void aMateForTheFirstLineMeansNoSampling() {
        List<Sampling.Line> winning = List.of(new Sampling.Line("G*5b", true, 1), cp("7g7f", 900));
        assertThat(S.choose(winning, 1, 30)).isNull();
        List<Sampling.Line> losing =
                List.of(new Sampling.Line("5i4h", true, -3), new Sampling.Line("5i5h", true, -3));
        assertThat(S.choose(losing, 1, 30)).isNull();
    }

    @Test
    void aSingleCandidateIsNotADraw() {
        assertThat(S.choose(List.of(cp("7g7f", 50), cp("2g2f", 0)), 1, 24)).isNull();
        assertThat(S.choose(List.of(), 1, 24)).isNull();
    }

    @Test
    void theDrawIsFixedByGameSeedAndPlyAndReachesEveryCandidate() {
        List<Sampling.Line> lines =
                List.of(cp("7g7f", 10), cp("2g2f", 5), cp("5g5f", 0), cp("6g6f", -20));
        assertThat(S.choose(lines, 99, 24)).isEqualTo(S.choose(lines, 99, 24));
        Set<String> drawn = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            drawn.add(S.choose(lines, seed, 24).usi());
        }
        assertThat(drawn).containsExactlyInAnyOrder("7g7f", "2g2f", "5g5f", "6g6f");
    }

    @Test
    void coversOnlyTheFirstPliesAfterTheOpening() {
        assertThat(S.covers(0)).isTrue();
        assertThat(S.covers(7)).isTrue();
        assertThat(S.covers(8)).isFalse();
        assertThat(S.covers(-1)).isFalse();
        assertThat(Sampling.OFF.covers(0)).isFalse();
    }

    @Test
    void badSettingsAreRejected() {
        assertThatThrownBy(() -> new Sampling(-1, 30, 4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Sampling(8, 30, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
