package dev.joseki.selfplay;

import dev.joseki.records.proto.Limits;
import dev.joseki.rules.Position;
import java.util.List;

/**
 * One side of a self-play game. The runner owns the rules: a player only proposes moves, and whatever
 * it answers is checked by {@link dev.joseki.rules.Game}. A player is used by one thread at a time and may
 * be reused for several games (each starts with {@link #newGame()}).
 */
public interface Player extends AutoCloseable {
    /** Prepares a new game; restarts a crashed or hung engine. */
    void newGame() throws PlayerException;

    /**
     * The move for the position reached from {@code start} by {@code moves} (packed moves, in order).
     * May return the USI words {@code resign} or {@code win}; any other text is judged by the rules.
     */
    MoveDecision move(Position start, List<Integer> moves, Limits limits) throws PlayerException;

    /** The engine's name ("id name" for USI engines); may be known only after {@link #newGame()}. */
    String engineId();

    String engineVersion();

    /** Releases the engine (ends its process); never throws. */
    @Override
    void close();
}
