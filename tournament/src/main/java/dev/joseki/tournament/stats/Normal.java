package dev.joseki.tournament.stats;

/** The standard normal distribution, for LOS and confidence intervals. */
final class Normal {
    /** The two-sided 95% quantile Φ⁻¹(0.975). */
    static final double Z95 = 1.959963984540054;

    private Normal() {}

    /** Φ(x) = erfc(−x/√2)/2. */
    static double cdf(double x) {
        return 0.5 * erfc(-x / Math.sqrt(2));
    }

    /**
     * Complementary error function by the Chebyshev fit of Numerical Recipes (erfcc): fractional
     * error below 1.2e-7 everywhere, plenty for percentages printed with two decimals.
     */
    static double erfc(double x) {
        double z = Math.abs(x);
        double t = 1 / (1 + 0.5 * z);
        double poly =
                -z * z
                        - 1.26551223
                        + t
                                * (1.00002368
                                        + t
                                                * (0.37409196
                                                        + t
                                                                * (0.09678418
                                                                        + t
                                                                                * (-0.18628806
                                                                                        + t
                                                                                                * (0.27886807
                                                                                                        + t
                                                                                                                * (-1.13520398
                                                                                                                        + t
                                                                                                                                * (1.48851587
                                                                                                                                        + t
                                                                                                                                                * (-0.82215223
                                                                                                                                                        + t
                                                                                                                                                                * 0.17087277))))))));
        double r = t * Math.exp(poly);
        return x >= 0 ? r : 2 - r;
    }
}
