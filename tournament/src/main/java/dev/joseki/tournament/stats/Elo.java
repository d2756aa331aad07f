package dev.joseki.tournament.stats;

/**
 * Logistic Elo and normalized Elo conversions (Fishtest's conventions, stat_util.py). Elo(μ) =
 * −400·log10(1/μ − 1) with μ clamped to [0.001, 0.999]; its inverse L(e) = 1/(1 + 10^(−e/400)).
 * Normalized Elo nElo = t · 800/ln 10 where t = (μ − ½)/σ per game.
 */
public final class Elo {
    /** nElo per unit of t-value: 800 / ln 10. */
    public static final double NELO_PER_T = 800 / Math.log(10);

    private Elo() {}

    public static double fromScore(double score) {
        double s = Math.min(0.999, Math.max(0.001, score));
        return -400 * Math.log10(1 / s - 1);
    }

    public static double toScore(double elo) {
        return 1 / (1 + Math.pow(10, -elo / 400));
    }
}
