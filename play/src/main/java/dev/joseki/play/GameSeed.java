package dev.joseki.play;

import java.nio.charset.StandardCharsets;

/**
 * The seeds of a run's games, derived by SplitMix64 (Steele, Lea and Flood; Vigna's reference
 * {@code splitmix64.c}): task i of a run with seed s gets output i+1 of the SplitMix64 generator
 * started from {@code mix(s)}, and game j of a task the same way from the task seed. For a fixed
 * parent seed this is a bijection of the index (the golden-ratio increment is odd and {@link #mix}
 * is invertible), so two tasks of a run, or two games of a task, never share a seed; and runs with
 * nearby seeds share none in practice (the old {@code seed + i} replayed run s's task i+1 as run
 * s+1's task i).
 *
 * <p>Every random choice of a game (random plies, sampled plies, book draws) comes from its game
 * seed, so a task replayed anywhere reproduces its games.
 */
public final class GameSeed {
    /** 2^64 / φ, odd: SplitMix64's increment. */
    static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private GameSeed() {}

    /** SplitMix64's finalizer (Stafford's variant 13): a bijection of 64-bit values. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Output n (1-based) of the SplitMix64 generator whose state starts at {@code state}. */
    public static long splitMix64(long state, long n) {
        return mix(state + GOLDEN * n);
    }

    /** The seed of task {@code index} (0-based) of a run seeded with {@code runSeed}. */
    public static long task(long runSeed, long index) {
        return splitMix64(mix(runSeed), index + 1);
    }

    /** The seed of game {@code index} (0-based) of a task seeded with {@code taskSeed}. */
    public static long game(long taskSeed, long index) {
        // A different start state than task(): a task seed reused as a run seed gives other values.
        return splitMix64(mix(taskSeed ^ GOLDEN), index + 1);
    }

    /** A seed for one purpose of a game ({@code salt}: a ply, or one of the constants below). */
    public static long derive(long gameSeed, long salt) {
        return splitMix64(mix(gameSeed), salt + 1);
    }

    /** The salt of a game's random plies (plies themselves use salts 0 … 1023, far below). */
    public static final long RANDOM_PLIES = 1L << 40;

    /**
     * A seed from a game id, for games that have no run seed (tournaments): FNV-1a over the id's
     * UTF-8 bytes. The same id gives the same seed in this process and on a worker.
     */
    public static long ofId(String gameId) {
        long h = 0xcbf29ce484222325L;
        for (byte b : gameId.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return h;
    }
}
