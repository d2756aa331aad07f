package dev.joseki.tournament;

import dev.joseki.tournament.stats.SprtStatus;
import dev.joseki.tournament.stats.Trinomial;

/** Progress of a running tournament (the CLI's progress line). Called from the executor's sink. */
@FunctionalInterface
public interface TournamentListener {
    TournamentListener NONE = (outcome, done, total, tested, sprt) -> {};

    /**
     * @param done games finished so far (each game id once)
     * @param tested the tested player's counts so far
     * @param sprt the SPRT on the pairs completed so far, as the runner decides it; null without
     *     one
     */
    void onGame(GameOutcome outcome, int done, int total, Trinomial tested, SprtStatus sprt);
}
