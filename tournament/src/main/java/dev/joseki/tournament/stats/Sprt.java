package dev.joseki.tournament.stats;

/**
 * A sequential probability ratio test H0: Elo = elo0 against H1: Elo = elo1 with error rates α
 * (accepting H1 when H0 holds) and β (accepting H0 when H1 holds). Bounds: ln(β/(1−α)) and
 * ln((1−β)/α).
 *
 * <p>The LLR is the generalised one: n · Σ p̂_i ln(p1_i/p0_i), with p0, p1 the maximum-likelihood
 * distributions closest to the observed p̂ whose statistic (expected score for {@link
 * SprtModel#LOGISTIC}, t-value for {@link SprtModel#NORMALIZED}) equals its H0 / H1 value.
 * Pentanomial counts are the default samples, as Fishtest and ShogiHome use them; for pairs the
 * normalized targets are multiplied by √2 because a pair's t-value is √2 times the per-game one.
 */
public record Sprt(double elo0, double elo1, double alpha, double beta, SprtModel model) {

    public Sprt {
        if (!(elo0 < elo1)) {
            throw new IllegalArgumentException(
                    "SPRT: elo0 (" + elo0 + ") must be less than elo1 (" + elo1 + ")");
        }
        if (!(alpha > 0 && alpha < 1) || !(beta > 0 && beta < 1) || alpha + beta >= 1) {
            throw new IllegalArgumentException(
                    "SPRT: alpha and beta must lie in (0, 1) with alpha + beta < 1, got "
                            + alpha
                            + ", "
                            + beta);
        }
        if (model == null) {
            throw new IllegalArgumentException("SPRT: model missing");
        }
    }

    /**
     * Parses {@code elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]}. Missing alpha
     * or beta default to 0.05, the model to normalized (Fishtest's and fastchess's default).
     */
    public static Sprt parse(String text) {
        double elo0 = Double.NaN, elo1 = Double.NaN, alpha = 0.05, beta = 0.05;
        SprtModel model = SprtModel.NORMALIZED;
        for (String part : text.split(",")) {
            String p = part.strip();
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(
                        "SPRT: expected key=value, got '" + p + "' in '" + text + "'");
            }
            String key = p.substring(0, eq).strip(), value = p.substring(eq + 1).strip();
            try {
                switch (key) {
                    case "elo0" -> elo0 = Double.parseDouble(value);
                    case "elo1" -> elo1 = Double.parseDouble(value);
                    case "alpha" -> alpha = Double.parseDouble(value);
                    case "beta" -> beta = Double.parseDouble(value);
                    case "model" -> model = SprtModel.fromId(value);
                    default ->
                            throw new IllegalArgumentException(
                                    "SPRT: unknown key '"
                                            + key
                                            + "' (elo0, elo1, alpha, beta, model)");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "SPRT: '" + key + "' is not a number: '" + value + "'");
            }
        }
        if (Double.isNaN(elo0) || Double.isNaN(elo1)) {
            throw new IllegalArgumentException(
                    "SPRT: elo0 and elo1 are required, got '" + text + "'");
        }
        return new Sprt(elo0, elo1, alpha, beta, model);
    }

    public double lowerBound() {
        return Math.log(beta / (1 - alpha));
    }

    public double upperBound() {
        return Math.log((1 - beta) / alpha);
    }

    public double llr(Pentanomial p) {
        return p.pairs() == 0 ? 0 : llr(p.distribution(), Math.sqrt(2));
    }

    public double llr(Trinomial t) {
        return t.games() == 0 ? 0 : llr(t.distribution(), 1);
    }

    /**
     * @param tScale how a sample's t-value relates to the per-game one (√2 for pairs)
     */
    private double llr(ScoreDistribution hat, double tScale) {
        ScoreDistribution p0, p1;
        if (model == SprtModel.LOGISTIC) {
            p0 = MaximumLikelihood.withMean(hat, Elo.toScore(elo0));
            p1 = MaximumLikelihood.withMean(hat, Elo.toScore(elo1));
        } else {
            p0 = MaximumLikelihood.withTValue(hat, 0.5, tScale * elo0 / Elo.NELO_PER_T);
            p1 = MaximumLikelihood.withTValue(hat, 0.5, tScale * elo1 / Elo.NELO_PER_T);
        }
        return hat.samples() * hat.meanLogRatio(p0, p1);
    }

    /**
     * Closed-form approximation of the normalized pentanomial LLR (Fishtest's LLR_normalized_alt):
     * with pair scores in [0, 1] of mean μ and variance v, σ_pg = √(2v), nt = (μ − ½)/σ_pg, LLR ≈
     * (games/2) · ln[(1 + (nt − nt0)²) / (1 + (nt − nt1)²)]. Elo bounds are read as nElo.
     */
    public double llrNormalizedApprox(Pentanomial p) {
        if (p.pairs() == 0) {
            return 0;
        }
        ScoreDistribution d = p.distribution();
        double sigmaPerGame = Math.sqrt(2 * d.variance());
        double games = 2 * d.samples();
        double nt = (d.mean() - 0.5) / sigmaPerGame;
        double nt0 = elo0 / Elo.NELO_PER_T, nt1 = elo1 / Elo.NELO_PER_T;
        return games / 2 * Math.log((1 + (nt - nt0) * (nt - nt0)) / (1 + (nt - nt1) * (nt - nt1)));
    }

    public SprtDecision decide(double llr) {
        if (llr >= upperBound()) {
            return SprtDecision.H1;
        }
        if (llr <= lowerBound()) {
            return SprtDecision.H0;
        }
        return SprtDecision.CONTINUE;
    }

    public SprtStatus status(Pentanomial p) {
        double llr = llr(p);
        return new SprtStatus(this, llr, decide(llr), p.pairs());
    }

    @Override
    public String toString() {
        return String.format(
                java.util.Locale.ROOT,
                "elo0=%s,elo1=%s,alpha=%s,beta=%s,model=%s",
                elo0,
                elo1,
                alpha,
                beta,
                model.id());
    }
}
