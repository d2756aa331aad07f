package dev.joseki.tournament;

import dev.joseki.rules.Game;
import dev.joseki.rules.Termination;

/**
 * One player's engine during a tournament: the built-in search or an external USI process. It is asked for
 * a move in the referee's game; it never decides the result.
 */
interface Contestant extends AutoCloseable {
    /** A new game starts (clear tables, send usinewgame). */
    void newGame();

    /**
     * The move for the side to move in {@code game}. {@code checks[i]} tells whether the side to move was in
     * check after i plies (i = 0 … game.plies()).
     */
    Choice choose(Game game, boolean[] checks);

    @Override
    void close();

    /**
     * A move (possibly {@code Move.RESIGN} / {@code Move.WIN}) with a comment for the record, or a forfeit:
     * the engine lost without a move (time, crash, unreadable answer).
     */
    record Choice(int move, String comment, Termination forfeit, String reason) {
        static Choice move(int move, String comment) {
            return new Choice(move, comment, null, null);
        }

        static Choice forfeit(Termination t, String reason) {
            return new Choice(0, reason, t, reason);
        }
    }
}
