package dev.joseki.cli.room;

import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.stats.EloEstimate;
import dev.joseki.tournament.stats.Pentanomial;
import dev.joseki.tournament.stats.Sprt;
import dev.joseki.tournament.stats.Trinomial;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The run page's chart: after each game pair of the tested player completes, in the order the pairs
 * completed, the LLR and Elo over the pairs so far, computed as the tournament computes them
 * ({@link Sprt#llr(Pentanomial)}, {@link EloEstimate#reported(Pentanomial, Trinomial)}), so the
 * last point is the report's LLR and Elo.
 */
final class RunSeries {
    /**
     * One point: {@code pairs} complete pairs so far; {@code llr} NaN without an SPRT.
     *
     * @param error the Elo's 95% half-interval, NaN while the report shows none
     */
    record Point(int pairs, double llr, double elo, double error) {}

    private RunSeries() {}

    /**
     * @param outcomes the run's games in the order they finished
     * @param sprt the run's SPRT, null without one
     */
    static List<Point> of(List<GameOutcome> outcomes, Sprt sprt) {
        int tested = TournamentResults.TESTED;
        Map<Integer, GameOutcome> firstOfPair = new HashMap<>();
        Pentanomial pairs = Pentanomial.EMPTY;
        Trinomial paired = Trinomial.EMPTY;
        List<Point> out = new ArrayList<>();
        for (GameOutcome o : outcomes) {
            double p = o.pointsOf(tested);
            if (Double.isNaN(p)) {
                continue;
            }
            GameOutcome first = firstOfPair.remove(o.task().pair());
            if (first == null) {
                firstOfPair.put(o.task().pair(), o);
                continue;
            }
            double q = first.pointsOf(tested);
            pairs = pairs.plusPair(q + p);
            paired = paired.plus(Trinomial.ofGame(q)).plus(Trinomial.ofGame(p));
            EloEstimate e = EloEstimate.reported(pairs, paired);
            out.add(
                    new Point(
                            (int) pairs.pairs(),
                            sprt == null ? Double.NaN : sprt.llr(pairs),
                            e.elo(),
                            e.hasInterval() ? e.error() : Double.NaN));
        }
        return out;
    }
}
