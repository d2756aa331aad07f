package dev.joseki.tournament.stats;

/**
 * Counts of game pairs (same opening, colours swapped) by the tested engine's pair score: 0 (LL), ½
 * (LD), 1 (WL or DD), 1½ (WD), 2 (WW). Pairs are the samples of the pentanomial model; the two
 * games of a pair are not independent, which is why they are counted together.
 */
public record Pentanomial(long ll, long ld, long wlDd, long wd, long ww) {
    public static final Pentanomial EMPTY = new Pentanomial(0, 0, 0, 0, 0);

    public Pentanomial {
        if (ll < 0 || ld < 0 || wlDd < 0 || wd < 0 || ww < 0) {
            throw new IllegalArgumentException("negative pair count");
        }
    }

    /** Counts in the order LL, LD, WL+DD, WD, WW. */
    public static Pentanomial of(long[] c) {
        if (c.length != 5) {
            throw new IllegalArgumentException("a pentanomial needs 5 counts, got " + c.length);
        }
        return new Pentanomial(c[0], c[1], c[2], c[3], c[4]);
    }

    public long pairs() {
        return ll + ld + wlDd + wd + ww;
    }

    public long games() {
        return 2 * pairs();
    }

    /** Adds one pair with the tested engine's points in it: 0, 0.5, 1, 1.5 or 2. */
    public Pentanomial plusPair(double pairPoints) {
        int k = (int) Math.round(pairPoints * 2);
        return switch (k) {
            case 0 -> new Pentanomial(ll + 1, ld, wlDd, wd, ww);
            case 1 -> new Pentanomial(ll, ld + 1, wlDd, wd, ww);
            case 2 -> new Pentanomial(ll, ld, wlDd + 1, wd, ww);
            case 3 -> new Pentanomial(ll, ld, wlDd, wd + 1, ww);
            case 4 -> new Pentanomial(ll, ld, wlDd, wd, ww + 1);
            default ->
                    throw new IllegalArgumentException("pair points out of range: " + pairPoints);
        };
    }

    public Pentanomial plus(Pentanomial o) {
        return new Pentanomial(ll + o.ll, ld + o.ld, wlDd + o.wlDd, wd + o.wd, ww + o.ww);
    }

    public long[] counts() {
        return new long[] {ll, ld, wlDd, wd, ww};
    }

    /**
     * Pair outcome distribution with pair scores scaled to [0, 1] (0, ¼, ½, ¾, 1), so that its mean
     * is the per-game mean score and its variance is the variance of a pair's mean (half the
     * per-game variance).
     */
    public ScoreDistribution distribution() {
        return ScoreDistribution.of(new double[] {0, 0.25, 0.5, 0.75, 1}, counts());
    }
}
