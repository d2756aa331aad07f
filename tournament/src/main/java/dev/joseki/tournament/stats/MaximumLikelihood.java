package dev.joseki.tournament.stats;

/**
 * Maximum-likelihood distributions on the outcomes of an observed distribution p̂ under one
 * constraint on a statistic, as the generalised SPRT needs them (Van den Bergh, "Comments on
 * normalized Elo"; the method of Fishtest's LLRcalc.py, re-derived here).
 *
 * <p>Maximising Σ p̂_i ln p_i subject to Σ p_i = 1 and a constraint whose gradient is h_i (shifted
 * so that Σ p_i h_i = 0 at the solution) gives, by Lagrange, p_i = p̂_i / (1 + x h_i), where x
 * solves the "secular" equation f(x) = Σ p̂_i h_i / (1 + x h_i) = 0. f falls strictly from +∞ to −∞
 * on (−1/max h, −1/min h), so bisection finds the single root whenever min h &lt; 0 &lt; max h.
 */
final class MaximumLikelihood {
    private static final int MAX_ITERATIONS = 200;
    private static final double CONVERGED = 1e-12;

    private MaximumLikelihood() {}

    /** The distribution closest to p̂ (maximum likelihood) whose mean score is s. */
    static ScoreDistribution withMean(ScoreDistribution hat, double s) {
        double[] h = new double[hat.size()];
        for (int i = 0; i < h.length; i++) {
            h[i] = hat.score(i) - s;
        }
        return reweight(hat, h);
    }

    /**
     * The distribution closest to p̂ whose t-value (μ − ref)/σ equals t. The constraint g(p) = μ −
     * ref − t·σ has gradient a_i − ref − t·(a_i − μ)²/(2σ) up to a constant; choosing the constant
     * −tσ/2 makes Σ p_i h_i = g(p) = 0 at the solution. μ and σ depend on p, so the equations are
     * solved by fixed-point iteration starting from the uniform distribution: (1) take μ, σ of the
     * current estimate; (2) build h; (3) solve the secular equation; (4) repeat until p stops
     * moving.
     */
    static ScoreDistribution withTValue(ScoreDistribution hat, double ref, double t) {
        int n = hat.size();
        double[] uniform = new double[n];
        java.util.Arrays.fill(uniform, 1.0 / n);
        ScoreDistribution p = hat.withProbs(uniform);
        for (int iter = 0; iter < MAX_ITERATIONS; iter++) {
            double mu = p.mean();
            double sigma = Math.sqrt(p.variance());
            double[] h = new double[n];
            for (int i = 0; i < n; i++) {
                double z = (hat.score(i) - mu) / sigma;
                h[i] = hat.score(i) - ref - t * sigma * (1 + z * z) / 2;
            }
            ScoreDistribution next = reweight(hat, h);
            double moved = 0;
            for (int i = 0; i < n; i++) {
                moved = Math.max(moved, Math.abs(next.prob(i) - p.prob(i)));
            }
            p = next;
            if (moved < CONVERGED) {
                break;
            }
        }
        return p;
    }

    /** p_i = p̂_i / (1 + x h_i) with x the root of the secular equation. */
    private static ScoreDistribution reweight(ScoreDistribution hat, double[] h) {
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (double v : h) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        if (!(min < 0 && max > 0)) {
            throw new IllegalArgumentException(
                    "constraint not satisfiable on these outcomes (" + hat + ")");
        }
        double lo = -1 / max, hi = -1 / min;
        // Bisection on the open interval: the midpoint never reaches an end, where f is infinite.
        for (int i = 0; i < 2000; i++) {
            double mid = (lo + hi) / 2;
            if (mid <= lo || mid >= hi) {
                break;
            }
            if (secular(hat, h, mid) > 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double x = (lo + hi) / 2;
        double[] p = new double[h.length];
        double sum = 0;
        for (int i = 0; i < p.length; i++) {
            p[i] = hat.prob(i) / (1 + x * h[i]);
            sum += p[i];
        }
        for (int i = 0; i < p.length; i++) {
            p[i] /= sum; // removes the last rounding error of the root
        }
        return hat.withProbs(p);
    }

    private static double secular(ScoreDistribution hat, double[] h, double x) {
        double f = 0;
        for (int i = 0; i < h.length; i++) {
            f += hat.prob(i) * h[i] / (1 + x * h[i]);
        }
        return f;
    }
}
