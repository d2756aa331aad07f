package dev.joseki.play;

import dev.joseki.rules.Game;
import dev.joseki.rules.MoveGenerator;
import java.util.SplittableRandom;

/**
 * Random opening plies: uniformly random legal moves, reproducible from a seed. The legal moves are taken
 * in the generator's order, which depends only on the position, so the same seed gives the same opening on
 * every machine.
 */
public final class RandomPlies {
    private RandomPlies() {
    }

    /** The seed of game {@code index}'s random plies: distinct per index, stable across runs. */
    public static long seedFor(long seed, int index) {
        return new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * (index + 1))).nextLong();
    }

    /** Plays up to {@code plies} random moves (fewer if the game ends); returns the plies played. */
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
