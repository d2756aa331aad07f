package dev.joseki.tournament;

import dev.joseki.play.EngineSpec;

/**
 * Plays one scheduled game of a tournament (a {@link GameTask}) to its end through the referee.
 * Implementations own the engines (in-process searches, USI subprocesses) and release them on
 * {@link #close}; the rules, not the engines, decide the result.
 */
public interface GameTaskPlayer extends AutoCloseable {
    GameOutcome play(GameTask task);

    /**
     * Fails fast, before any game, when this player cannot run a spec (unknown option, missing
     * program).
     */
    default void check(EngineSpec spec) {}

    @Override
    default void close() {}
}
