package dev.joseki.tournament.stats;

import java.util.OptionalLong;

/**
 * One evaluation of an SPRT on the counts so far.
 *
 * @param pairs the game pairs the LLR was computed on
 */
public record SprtStatus(Sprt sprt, double llr, SprtDecision decision, long pairs) {
    public double lowerBound() {
        return sprt.lowerBound();
    }

    public double upperBound() {
        return sprt.upperBound();
    }

    /**
     * More games until the bound the LLR moves toward, if the pair scores keep the distribution
     * observed so far: empty once decided, or while the LLR is 0.
     *
     * <p>Why this is a projection and not a guess at a rate: the LLR is n times a function of the
     * observed distribution alone ({@link Sprt}), so at a fixed distribution it grows linearly in
     * the pairs, by llr / pairs each. The distribution will move; the figure says how far the match
     * is from a decision at the score it has now.
     */
    public OptionalLong gamesToDecision() {
        if (decision.decided() || pairs == 0 || llr == 0) {
            return OptionalLong.empty();
        }
        double perPair = llr / pairs;
        double bound = perPair > 0 ? upperBound() : lowerBound();
        return OptionalLong.of(2 * (long) Math.ceil((bound - llr) / perPair));
    }

    /** The bound the LLR moves toward: H1 above 0, H0 below. */
    public SprtDecision heading() {
        return llr > 0 ? SprtDecision.H1 : SprtDecision.H0;
    }
}
