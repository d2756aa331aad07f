package dev.joseki.tournament;

import dev.joseki.play.EngineSpec;
import dev.joseki.tournament.stats.Pentanomial;
import dev.joseki.tournament.stats.SprtStatus;
import dev.joseki.tournament.stats.Trinomial;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Runs a tournament on a {@link MatchExecutor}: (1) check every player with the game player before
 * any game; (2) schedule the game pairs; (3) collect outcomes, each game id once (an executor that
 * delivers at least once, as a Kafka consumer does, may repeat one); (4) after every completed pair
 * of the tested player, evaluate the SPRT and stop when it is decided, or stop when the user
 * interrupts; (5) summarise.
 */
public final class Tournament {
    private Tournament() {}

    public static TournamentResults run(
            TournamentSetup setup,
            GameTaskPlayer checker,
            MatchExecutor executor,
            TournamentListener listener) {
        return run(setup, checker, executor, listener, () -> false);
    }

    /**
     * @param interrupted true once the user stopped the run: the executor returns soon and the
     *     results hold the games finished until then
     */
    public static TournamentResults run(
            TournamentSetup setup,
            GameTaskPlayer checker,
            MatchExecutor executor,
            TournamentListener listener,
            BooleanSupplier interrupted) {
        for (EngineSpec p : setup.players()) {
            checker.check(p);
        }
        List<GameTask> tasks = setup.schedule();
        List<GameOutcome> outcomes = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        Map<Integer, GameOutcome> halfPairs = new HashMap<>();
        Pentanomial[] pairs = {Pentanomial.EMPTY};
        Trinomial[] tested = {Trinomial.EMPTY};
        boolean[] decided = {false};
        SprtStatus[] status = {
            setup.sprt() == null ? null : setup.sprt().status(Pentanomial.EMPTY)
        };
        executor.execute(
                tasks,
                new MatchExecutor.Sink() {
                    @Override
                    public boolean interrupted() {
                        return interrupted.getAsBoolean();
                    }

                    @Override
                    public boolean accept(GameOutcome o) {
                        if (!seen.add(o.task().id())) {
                            return !decided[0]; // a repeated delivery: counted already
                        }
                        outcomes.add(o);
                        double pts = o.pointsOf(TournamentResults.TESTED);
                        if (!Double.isNaN(pts)) {
                            tested[0] = tested[0].plus(Trinomial.ofGame(pts));
                            GameOutcome first = halfPairs.remove(o.task().pair());
                            if (first == null) {
                                halfPairs.put(o.task().pair(), o);
                            } else {
                                pairs[0] =
                                        pairs[0].plusPair(
                                                first.pointsOf(TournamentResults.TESTED) + pts);
                                if (setup.sprt() != null) {
                                    status[0] = setup.sprt().status(pairs[0]);
                                    decided[0] = status[0].decision().decided();
                                }
                            }
                        }
                        listener.onGame(o, outcomes.size(), tasks.size(), tested[0], status[0]);
                        return !decided[0];
                    }
                });
        RunEnd end =
                outcomes.size() == tasks.size()
                        ? RunEnd.COMPLETE
                        : decided[0]
                                ? RunEnd.SPRT_DECIDED
                                : interrupted.getAsBoolean() ? RunEnd.INTERRUPTED : RunEnd.COMPLETE;
        return TournamentResults.of(setup, outcomes, tasks.size(), end);
    }
}
