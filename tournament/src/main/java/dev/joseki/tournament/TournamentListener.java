package dev.joseki.tournament;

import dev.joseki.tournament.stats.Trinomial;

/** Progress of a running tournament (the CLI's progress line). Called from the executor's sink. */
@FunctionalInterface
public interface TournamentListener {
    TournamentListener NONE = (outcome, done, total, tested) -> {
    };

    /**
     * @param done   games finished so far (each game id once)
     * @param tested the tested player's counts so far
     */
    void onGame(GameOutcome outcome, int done, int total, Trinomial tested);
}
