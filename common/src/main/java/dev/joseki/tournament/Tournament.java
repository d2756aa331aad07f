package dev.joseki.tournament;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs a tournament on a {@link MatchExecutor}: (1) check every player with the game player before any
 * game; (2) schedule the game pairs; (3) collect outcomes, each game id once (an executor that delivers at
 * least once, as a Kafka consumer does, may repeat one); (4) after every completed pair of the tested
 * player, evaluate the SPRT and stop when it is decided; (5) summarise.
 */
public final class Tournament {
    private Tournament() {
    }

    public static TournamentResults run(TournamentSetup setup, GamePlayer checker, MatchExecutor executor,
            TournamentListener listener) {
        for (EngineSpec p : setup.players()) {
            checker.check(p);
        }
        List<GameTask> tasks = setup.schedule();
        List<GameOutcome> outcomes = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        Set<Integer> halfPairs = new HashSet<>();
        Pentanomial[] pairs = {Pentanomial.EMPTY};
        Trinomial[] tested = {Trinomial.EMPTY};
        boolean[] decided = {false};
        executor.execute(tasks, o -> {
            if (!seen.add(o.task().id())) {
                return !decided[0]; // a repeated delivery: counted already
            }
            outcomes.add(o);
            double pts = o.pointsOf(TournamentResults.TESTED);
            if (!Double.isNaN(pts)) {
                tested[0] = tested[0].plus(pts == 1 ? new Trinomial(0, 0, 1)
                        : pts == 0 ? new Trinomial(1, 0, 0) : new Trinomial(0, 1, 0));
                if (!halfPairs.add(o.task().pair())) {
                    pairs[0] = TournamentResults.pentanomialOf(TournamentResults.TESTED, pairOf(outcomes, o))
                            .plus(pairs[0]);
                    if (setup.sprt() != null && setup.sprt().status(pairs[0]).decision().decided()) {
                        decided[0] = true;
                    }
                }
            }
            listener.onGame(o, outcomes.size(), tasks.size(), tested[0]);
            return !decided[0];
        });
        return TournamentResults.of(setup, outcomes, tasks.size(), decided[0] && outcomes.size() < tasks.size());
    }

    /** The two outcomes of o's pair (o is the second to arrive). */
    private static List<GameOutcome> pairOf(List<GameOutcome> outcomes, GameOutcome o) {
        List<GameOutcome> both = new ArrayList<>(2);
        for (GameOutcome x : outcomes) {
            if (x.task().pair() == o.task().pair()) {
                both.add(x);
            }
        }
        return both;
    }
}
