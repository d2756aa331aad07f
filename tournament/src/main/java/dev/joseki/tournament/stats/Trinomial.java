package dev.joseki.tournament.stats;

/**
 * Game counts of the tested engine: losses, draws, wins. Each game is one sample scoring 0, ½ or 1.
 */
public record Trinomial(long losses, long draws, long wins) {
    public static final Trinomial EMPTY = new Trinomial(0, 0, 0);

    public Trinomial {
        if (losses < 0 || draws < 0 || wins < 0) {
            throw new IllegalArgumentException(
                    "negative count in " + losses + "-" + draws + "-" + wins);
        }
    }

    /** One game in which the tested engine scored {@code points} (1, ½ or 0). */
    public static Trinomial ofGame(double points) {
        if (points == 1) {
            return new Trinomial(0, 0, 1);
        }
        if (points == 0) {
            return new Trinomial(1, 0, 0);
        }
        if (points == 0.5) {
            return new Trinomial(0, 1, 0);
        }
        throw new IllegalArgumentException("a game scores 0, 0.5 or 1, not " + points);
    }

    public long games() {
        return losses + draws + wins;
    }

    /** Points of the tested engine (a win 1, a draw ½). */
    public double points() {
        return wins + draws / 2.0;
    }

    public double drawRatio() {
        return games() == 0 ? 0 : (double) draws / games();
    }

    /** The same games seen from the opponent. */
    public Trinomial reversed() {
        return new Trinomial(wins, draws, losses);
    }

    public Trinomial plus(Trinomial o) {
        return new Trinomial(losses + o.losses, draws + o.draws, wins + o.wins);
    }

    /**
     * Per-game outcome distribution, scores 0, ½, 1 (zero counts regularised, see
     * ScoreDistribution).
     */
    public ScoreDistribution distribution() {
        return ScoreDistribution.of(new double[] {0, 0.5, 1}, new long[] {losses, draws, wins});
    }
}
