package dev.joseki.tournament.tune;

import java.util.SplittableRandom;

/**
 * The ±1 direction Δ of an iteration, drawn from the run's seed and the iteration alone, so a
 * resumed run (or a test) draws the same Δ for iteration k whatever happened before.
 */
public final class Perturbation {
    private Perturbation() {}

    public static int[] flips(long seed, int iteration, int parameters) {
        // SplittableRandom mixes its seed: seeds one apart still give unrelated streams
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + iteration);
        int[] d = new int[parameters];
        for (int i = 0; i < parameters; i++) {
            d[i] = r.nextBoolean() ? 1 : -1;
        }
        return d;
    }
}
