package dev.joseki.play;

import dev.joseki.rules.Game;
import dev.joseki.rules.MoveGenerator;
import java.util.SplittableRandom;

/**
 * Random opening plies: uniformly random legal moves, reproducible from a seed. The legal moves are
 * taken in the generator's order, which depends only on the position, so the same seed gives the
 * same opening on every machine. The seed is derived from a game (or pair) seed: {@link #seedOf}.
 */
public final class RandomPlies {
    private RandomPlies() {}

    /**
     * The seed of the random plies of a game (or of a colour-swapped pair) seeded with {@code
     * seed}.
     */
    public static long seedOf(long seed) {
        return GameSeed.derive(seed, GameSeed.RANDOM_PLIES);
    }

    /**
     * Plays up to {@code plies} random moves (fewer if the game ends); returns the plies played.
     */
    public static int play(Game game, int plies, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int played = 0;
        while (played < plies && !game.isOver()) {
            int n = MoveGenerator.generateLegal(game.position(), moves, 0);
            game.play(moves[rnd.nextInt(n)]);
            played++;
        }
        return played;
    }
}
