package dev.joseki.tournament.stats;

/**
 * When a printed 95% interval would claim more than the games show, and what is printed instead.
 *
 * <p>Two failures of the normal interval, both seen in short matches: (1) a pentanomial whose pairs
 * all fall in one class (ten pairs all 1-1) has a sample variance of almost zero, so the interval
 * shrinks to a few Elo although twenty games cannot tell +0 from +100; {@link EloEstimate#reported}
 * therefore uses at least the per-game (trinomial) variance of the same games. (2) With few samples
 * the interval's 1.96 is too small: the variance is itself estimated, and Student's t quantile for
 * n − 1 degrees of freedom is the honest factor. t(0.975; 14) = 2.145 is 9.4% above 1.96, t(0.975;
 * 13) = 2.160 is 10.2% above, so from {@value #MIN_SAMPLES} samples (pairs, or games when unpaired)
 * on the printed interval is within 10% of Student's and below that it is withheld. When every game
 * ended alike (all won, all lost, all drawn) the sample variance is zero in both models whatever
 * the count (only the 0.001 regularisation makes it positive), so no interval is printed either.
 */
public final class IntervalFloor {
    /** The fewest pairs (or unpaired games) with an interval. */
    public static final int MIN_SAMPLES = 15;

    private IntervalFloor() {}

    /**
     * Null when an interval may be printed for {@code samples} pairs ({@code paired}) or games
     * whose results are {@code games}; else the reason, as printed after "± n/a".
     */
    static String why(long samples, boolean paired, Trinomial games) {
        if (samples < MIN_SAMPLES) {
            return "fewer than " + MIN_SAMPLES + (paired ? " pairs" : " games");
        }
        long n = games.games();
        if (games.wins() == n) {
            return "every game won";
        }
        if (games.losses() == n) {
            return "every game lost";
        }
        if (games.draws() == n) {
            return "every game drawn";
        }
        return null;
    }
}
