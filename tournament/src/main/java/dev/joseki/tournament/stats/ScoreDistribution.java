package dev.joseki.tournament.stats;

import java.util.Arrays;

/**
 * A discrete distribution of sample scores a_i in [0, 1] with probabilities p_i, plus the number of
 * samples it was observed from. Built from counts with every zero count replaced by 0.001
 * (Fishtest's regularisation), so that no outcome has probability zero and logarithms of MLE ratios
 * stay finite. The arrays are private copies: the distribution is immutable.
 */
public final class ScoreDistribution {
    static final double REGULARISED_ZERO = 1e-3;

    private final double[] scores;
    private final double[] probs;
    private final double samples;

    ScoreDistribution(double[] scores, double[] probs, double samples) {
        this.scores = scores.clone();
        this.probs = probs.clone();
        this.samples = samples;
    }

    static ScoreDistribution of(double[] scores, long[] counts) {
        double[] c = new double[counts.length];
        double n = 0;
        for (int i = 0; i < c.length; i++) {
            c[i] = counts[i] == 0 ? REGULARISED_ZERO : counts[i];
            n += c[i];
        }
        for (int i = 0; i < c.length; i++) {
            c[i] /= n;
        }
        return new ScoreDistribution(scores, c, n);
    }

    /** The regularised number of samples (games or pairs). */
    public double samples() {
        return samples;
    }

    public int size() {
        return scores.length;
    }

    public double score(int i) {
        return scores[i];
    }

    public double prob(int i) {
        return probs[i];
    }

    public double mean() {
        double m = 0;
        for (int i = 0; i < scores.length; i++) {
            m += probs[i] * scores[i];
        }
        return m;
    }

    public double variance() {
        double m = mean(), v = 0;
        for (int i = 0; i < scores.length; i++) {
            v += probs[i] * (scores[i] - m) * (scores[i] - m);
        }
        return v;
    }

    /** Same outcomes, other probabilities (they must sum to 1). */
    ScoreDistribution withProbs(double[] p) {
        return new ScoreDistribution(scores, p, samples);
    }

    /**
     * Σ p̂_i · ln(p1_i / p0_i) with p̂ = this: the per-sample log-likelihood ratio of p1 against
     * p0.
     */
    double meanLogRatio(ScoreDistribution p0, ScoreDistribution p1) {
        double s = 0;
        for (int i = 0; i < scores.length; i++) {
            s += probs[i] * (Math.log(p1.probs[i]) - Math.log(p0.probs[i]));
        }
        return s;
    }

    @Override
    public String toString() {
        return "ScoreDistribution"
                + Arrays.toString(scores)
                + Arrays.toString(probs)
                + " n="
                + samples;
    }
}
