package dev.joseki.tournament.stats;

/** One evaluation of an SPRT on the counts so far. */
public record SprtStatus(Sprt sprt, double llr, SprtDecision decision) {
    public double lowerBound() {
        return sprt.lowerBound();
    }

    public double upperBound() {
        return sprt.upperBound();
    }
}
