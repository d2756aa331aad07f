package dev.joseki.book.builder.training;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The seeded split and shuffle. Validation takes whole games: the games are ordered by a hash of
 * the seed and their id, and taken in that order until they hold {@link #validationCount} positions
 * ({@link #validationGames}). Positions of one game are alike, so a position whose game is also in
 * the training set would make the validation loss flatter than on new games (a network overfitting
 * its games showed a falling validation loss and played 200 Elo worse, 2026-11-29). Then every
 * position gets a rank: validation first, each set in the order of a hash of the seed and the
 * position's key, ties broken by the key; each set is cut into files of {@code perFile} positions
 * in rank order. It depends on the seed and the set of (game, key) pairs only, so the same topic
 * content and seed give the same files.
 */
public final class TrainingSplit {
    private TrainingSplit() {}

    /** The position's place in the shuffle: SplitMix64's finaliser of the seed and the key. */
    public static long order(long seed, String key) {
        long h = 0xcbf29ce484222325L; // FNV-1a 64 of the key
        for (byte b : key.getBytes(StandardCharsets.US_ASCII)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return mix(seed * 0x9e3779b97f4a7c15L ^ h);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * The games held out for validation: games in the order of ({@link #order}(seed, game id), id),
     * taken while the positions taken are fewer than target; so they hold at least target positions
     * (when there are that many), and fewer than target plus one game's.
     */
    public static Set<String> validationGames(
            Map<String, Long> positionsByGame, long seed, long target) {
        List<String> games = new ArrayList<>(positionsByGame.keySet());
        games.sort(
                Comparator.comparing((String g) -> Long.toUnsignedString(order(seed, g), 16))
                        .thenComparing(g -> g));
        Set<String> out = new HashSet<>();
        long taken = 0;
        for (String g : games) {
            if (taken >= target) {
                break;
            }
            out.add(g);
            taken += positionsByGame.get(g);
        }
        return out;
    }

    /** How many of n positions go to validation: the fraction of n, rounded half up. */
    public static long validationCount(long n, double fraction) {
        if (!(fraction >= 0 && fraction < 1)) {
            throw new IllegalArgumentException("--validation must be in [0, 1), got " + fraction);
        }
        return (long) Math.floor(n * fraction + 0.5);
    }

    /**
     * The file of the position of rank {@code rank}: validation files are numbered from 0, training
     * files after them, so that one number names a file of either set.
     */
    public static int file(long rank, long validation, int perFile) {
        if (rank < validation) {
            return (int) (rank / perFile);
        }
        return validationFiles(validation, perFile) + (int) ((rank - validation) / perFile);
    }

    /** How many files the validation set takes. */
    public static int validationFiles(long validation, int perFile) {
        return (int) ((validation + perFile - 1) / perFile);
    }

    /** The file's path under the output directory: {@code validation/part-00000.bin}, ... */
    public static String path(int file, long validation, int perFile) {
        int v = validationFiles(validation, perFile);
        return file < v
                ? String.format("validation/part-%05d.bin", file)
                : String.format("train/part-%05d.bin", file - v);
    }
}
