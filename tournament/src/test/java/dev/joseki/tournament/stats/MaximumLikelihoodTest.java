package dev.joseki.tournament.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The MLE distributions must satisfy their constraint and stay probability distributions. */
class MaximumLikelihoodTest {
    private static final ScoreDistribution OBSERVED =
            new Pentanomial(103, 3851, 8316, 3728, 98).distribution();

    private static double sum(ScoreDistribution d) {
        double s = 0;
        for (int i = 0; i < d.size(); i++) {
            assertThat(d.prob(i)).isPositive();
            s += d.prob(i);
        }
        return s;
    }

    @Test
    void meanConstraintIsMet() {
        for (double s : new double[] {0.3, 0.5, Elo.toScore(2), 0.9}) {
            ScoreDistribution p = MaximumLikelihood.withMean(OBSERVED, s);
            assertThat(p.mean()).isCloseTo(s, within(1e-12));
            assertThat(sum(p)).isCloseTo(1, within(1e-12));
        }
    }

    @Test
    void tValueConstraintIsMet() {
        for (double t : new double[] {-0.2, 0, 0.01, 0.3}) {
            ScoreDistribution p = MaximumLikelihood.withTValue(OBSERVED, 0.5, t);
            assertThat((p.mean() - 0.5) / Math.sqrt(p.variance())).isCloseTo(t, within(1e-9));
            assertThat(sum(p)).isCloseTo(1, within(1e-12));
        }
    }

    /**
     * When the observed distribution already meets the constraint, it is its own maximum-likelihood
     * fit.
     */
    @Test
    void anObservationThatMeetsTheConstraintIsUnchanged() {
        ScoreDistribution symmetric = new Pentanomial(1, 2, 3, 2, 1).distribution();
        ScoreDistribution p = MaximumLikelihood.withMean(symmetric, 0.5);
        for (int i = 0; i < p.size(); i++) {
            assertThat(p.prob(i)).isCloseTo(symmetric.prob(i), within(1e-12));
        }
    }
}
