package dev.joseki.book.builder;

import java.io.Serializable;
import java.util.List;
import java.util.Set;

/**
 * Settings of one book build. Defaults: {@code local[*]}, max ply {@value #DEFAULT_MAX_PLY}, min count 1,
 * all moves of all players.
 *
 * @param out         the book directory (versions + CURRENT pointer)
 * @param inputs      files or directories of game records
 * @param master      Spark master URL
 * @param maxPly      only moves played at ply (move number) ≤ maxPly are counted
 * @param minCount    entries with a smaller count are ignored by probes and exports; all counts are kept
 *                    on disk so that later incremental builds stay exact
 * @param winnersOnly count only the moves of the player who won the game
 * @param players     if not empty, only games in which one of these names played
 * @param partitions  shuffle / SST partitions
 */
public record BuildSettings(String out, List<String> inputs, String master, int maxPly, long minCount,
                            boolean winnersOnly, Set<String> players, int partitions) implements Serializable {
    public static final int DEFAULT_MAX_PLY = 40;

    public BuildSettings {
        inputs = List.copyOf(inputs);
        players = Set.copyOf(players);
        if (maxPly < 1) {
            throw new IllegalArgumentException("--max-ply must be at least 1");
        }
        if (minCount < 1) {
            throw new IllegalArgumentException("--min-count must be at least 1");
        }
    }

    public static BuildSettings defaults(String out, List<String> inputs) {
        return new BuildSettings(out, inputs, "local[*]", DEFAULT_MAX_PLY, 1, false, Set.of(), 8);
    }

    public BuildSettings withMaster(String m) {
        return new BuildSettings(out, inputs, m, maxPly, minCount, winnersOnly, players, partitions);
    }

    public BuildSettings withMaxPly(int p) {
        return new BuildSettings(out, inputs, master, p, minCount, winnersOnly, players, partitions);
    }

    public BuildSettings withFilters(long min, boolean winners, Set<String> names) {
        return new BuildSettings(out, inputs, master, maxPly, min, winners, names, partitions);
    }

    public BuildSettings withPartitions(int n) {
        return new BuildSettings(out, inputs, master, maxPly, minCount, winnersOnly, players, n);
    }

    /** Compact JSON of the settings for the book's metadata. */
    String toJson() {
        return "{\"max_ply\":" + maxPly + ",\"min_count\":" + minCount + ",\"winners_only\":" + winnersOnly
                + ",\"players\":" + Json.array(players.stream().sorted().toList()) + ",\"master\":"
                + Json.string(master) + "}";
    }
}
