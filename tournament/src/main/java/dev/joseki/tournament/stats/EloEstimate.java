package dev.joseki.tournament.stats;

/**
 * Elo difference of the tested engine with its 95% interval, likelihood of superiority and
 * normalized Elo, computed as Fishtest's stat_util does (fishtest
 * server/fishtest/stats/stat_util.py): (1) μ = mean score per game; (2) se = standard error of μ —
 * per game for the trinomial model, per pair for the pentanomial one (the honest variance for
 * paired games); (3) Elo = Elo(μ), error = (Elo(μ + 1.96·se) − Elo(μ − 1.96·se)) / 2; (4) LOS =
 * Φ((μ − ½)/se); (5) nElo = (μ − ½)/σ_per_game · 800/ln 10, whose 95% half-width is 1.96 · (800/ln
 * 10)/√games.
 *
 * <p>{@link #of(Pentanomial)} and {@link #of(Trinomial)} are those formulas as published. What
 * reports print comes from {@link #reported}, which never claims more than the games show ({@link
 * IntervalFloor}): the per-game variance is at least the trinomial one of the same games, and the
 * interval is withheld ({@code noInterval} says why) below {@link IntervalFloor#MIN_SAMPLES} pairs
 * or when every game ended alike.
 *
 * @param games real games counted (not regularised)
 * @param score points per game as played; the other fields come from the regularised counts
 * @param los probability in [0, 1]
 * @param noInterval null when {@code error} and {@code nEloError} are meaningful, else the reason
 *     they are not, for people ("fewer than 15 pairs")
 */
public record EloEstimate(
        long games,
        double score,
        double elo,
        double error,
        double los,
        double nElo,
        double nEloError,
        String noInterval) {

    /**
     * No games yet: everything neutral, nothing infinite (the JSON writer needs finite numbers).
     */
    public static final EloEstimate NONE = new EloEstimate(0, 0.5, 0, 0, 0.5, 0, 0, null);

    public static EloEstimate of(Trinomial t) {
        if (t.games() == 0) {
            return NONE;
        }
        ScoreDistribution d = t.distribution();
        return estimate(
                t.games(), t.points() / t.games(), d.mean(), d.variance(), d.samples(), null);
    }

    public static EloEstimate of(Pentanomial p) {
        if (p.pairs() == 0) {
            return NONE;
        }
        ScoreDistribution d = p.distribution();
        // Per-game variance is twice the variance of a pair's mean score; there are two games per
        // pair.
        return estimate(
                p.games(),
                points(p) / p.games(),
                d.mean(),
                2 * d.variance(),
                2 * d.samples(),
                null);
    }

    /**
     * The estimate reports print for paired games: the pentanomial one with the per-game variance
     * raised to the trinomial variance of the same games when it is lower, and no interval where it
     * means nothing.
     *
     * @param sameGames the games counted in {@code pairs}, as wins, draws and losses
     */
    public static EloEstimate reported(Pentanomial pairs, Trinomial sameGames) {
        if (pairs.pairs() == 0) {
            return reported(sameGames);
        }
        if (sameGames.games() != pairs.games() || sameGames.points() != points(pairs)) {
            throw new IllegalArgumentException(
                    "the trinomial " + sameGames + " is not the games of " + pairs);
        }
        ScoreDistribution d = pairs.distribution();
        double variance = Math.max(2 * d.variance(), sameGames.distribution().variance());
        return estimate(
                pairs.games(),
                points(pairs) / pairs.games(),
                d.mean(),
                variance,
                2 * d.samples(),
                IntervalFloor.why(pairs.pairs(), true, sameGames));
    }

    /** The estimate reports print for games without pairs: the trinomial one, withheld as above. */
    public static EloEstimate reported(Trinomial t) {
        if (t.games() == 0) {
            return NONE;
        }
        ScoreDistribution d = t.distribution();
        return estimate(
                t.games(),
                t.points() / t.games(),
                d.mean(),
                d.variance(),
                d.samples(),
                IntervalFloor.why(t.games(), false, t));
    }

    public boolean hasInterval() {
        return noInterval == null;
    }

    private static double points(Pentanomial p) {
        return (p.ld() + 2.0 * p.wlDd() + 3.0 * p.wd() + 4.0 * p.ww()) / 2;
    }

    /**
     * @param realScore points per game as played (what the report shows)
     * @param mu mean score of the regularised distribution (what the statistics use)
     * @param perGameVariance σ² of one game's score
     * @param games (regularised) number of games
     */
    private static EloEstimate estimate(
            long realGames,
            double realScore,
            double mu,
            double perGameVariance,
            double games,
            String noInterval) {
        // For pairs σ²(pair mean) = σ²_game / 2 over games / 2 samples, so se = σ_game / √games in
        // both models.
        double se = Math.sqrt(perGameVariance / games);
        double elo = Elo.fromScore(mu);
        double error =
                (Elo.fromScore(mu + Normal.Z95 * se) - Elo.fromScore(mu - Normal.Z95 * se)) / 2;
        double los = se > 0 ? Normal.cdf((mu - 0.5) / se) : (mu > 0.5 ? 1 : mu < 0.5 ? 0 : 0.5);
        double sigma = Math.sqrt(perGameVariance);
        double nElo = sigma > 0 ? (mu - 0.5) / sigma * Elo.NELO_PER_T : 0;
        double nEloError = Normal.Z95 * Elo.NELO_PER_T / Math.sqrt(games);
        return new EloEstimate(realGames, realScore, elo, error, los, nElo, nEloError, noInterval);
    }
}
