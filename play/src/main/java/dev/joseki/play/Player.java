package dev.joseki.play;

import dev.joseki.rules.Position;
import java.util.List;

/**
 * One engine side of a game: the built-in search ({@link BuiltinPlayer}) or an external USI process
 * ({@link UsiClient}). The {@link Referee} owns the rules: a player only proposes moves, and
 * whatever it answers is judged by {@link dev.joseki.rules.Game}. A player is used by one thread at
 * a time and may be reused for several games, each starting with {@link #newGame}.
 */
public interface Player extends AutoCloseable {
    /**
     * Prepares a new game; starts (or restarts a crashed) engine. {@code gameSeed} is the game's
     * own seed (derived from its id), so that random choices are the same wherever the game is
     * played.
     */
    void newGame(long gameSeed) throws PlayerException;

    /**
     * The move for the position reached from {@code start} by {@code moves}. May be the USI words
     * {@code resign} or {@code win}; any text is judged by the rules.
     */
    default Answer move(Position start, List<Integer> moves, MoveLimit limit)
            throws PlayerException {
        return move(start, moves, limit, 1);
    }

    /**
     * The same with {@code lines} principal variations searched (MultiPV, for {@link Sampling})
     * within the same limit; the answer's lines are those the engine reported at its last completed
     * depth, empty when it cannot give several (no MultiPV, a book move, a declaration).
     */
    Answer move(Position start, List<Integer> moves, MoveLimit limit, int lines)
            throws PlayerException;

    /** The engine's name ("id name" for USI engines); may be known only after {@link #newGame}. */
    String engineId();

    String engineVersion();

    /** Releases the engine (ends its process); never throws. */
    @Override
    void close();

    /**
     * The engine a spec names: the built-in player, or an external engine as a {@link UsiClient}
     * whose waits end when {@code cancelled} turns true. IllegalArgumentException for a bad
     * built-in option.
     */
    static Player of(EngineSpec spec, java.util.function.BooleanSupplier cancelled) {
        if (spec.artifact() != null) {
            // only a worker holds a cache of published engines (selfplay-worker's ArtifactPlayers)
            throw new IllegalArgumentException(
                    "artifact= engines are played by the workers: play on the cluster (not in this"
                            + " process), or give cmd=PATH");
        }
        return spec.builtin()
                ? new BuiltinPlayer(spec.options())
                : new UsiClient(spec, UsiTimeouts.DEFAULT, cancelled);
    }

    /**
     * A proposed move as USI text (unchecked), what the engine reported about it, and its MultiPV
     * lines.
     */
    record Answer(String usi, MoveInfo info, List<Sampling.Line> lines) {
        public Answer {
            lines = List.copyOf(lines);
        }

        public Answer(String usi, MoveInfo info) {
            this(usi, info, List.of());
        }
    }
}
