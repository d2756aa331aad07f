package dev.joseki.book.builder;

import java.io.Serializable;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Settings of one book build. Defaults: {@code local[*]}, max ply {@value #DEFAULT_MAX_PLY}, min
 * count 1, all moves of all players.
 *
 * @param out the book directory (versions + CURRENT pointer)
 * @param sources the inputs with names and weights ({@link BookSource}); {@code sources.get(i).id()
 *     == i}
 * @param master Spark master URL
 * @param maxPly only moves played at ply (move number) ≤ maxPly are counted, imported .db move
 *     lines included (their ply is their SFEN's move number)
 * @param minCount entries with a smaller count are ignored by probes and exports; all counts are
 *     kept on disk so that later incremental builds stay exact
 * @param winnersOnly count only the moves of the player who won the game (not with imported books,
 *     which have no results)
 * @param players if not empty, only games in which one of these names played
 * @param partitions shuffle / SST partitions
 */
public record BuildSettings(
        String out,
        List<BookSource> sources,
        String master,
        int maxPly,
        long minCount,
        boolean winnersOnly,
        Set<String> players,
        int partitions,
        boolean countRandomPlies)
        implements Serializable {
    public static final int DEFAULT_MAX_PLY = 40;

    /** Random opening plies not counted (the default). */
    public BuildSettings(
            String out,
            List<BookSource> sources,
            String master,
            int maxPly,
            long minCount,
            boolean winnersOnly,
            Set<String> players,
            int partitions) {
        this(out, sources, master, maxPly, minCount, winnersOnly, players, partitions, false);
    }

    public BuildSettings {
        sources = List.copyOf(sources);
        players = Set.copyOf(players);
        if (maxPly < 1) {
            throw new IllegalArgumentException("--max-ply must be at least 1");
        }
        if (minCount < 1) {
            throw new IllegalArgumentException("--min-count must be at least 1");
        }
        if (winnersOnly
                && sources.stream().anyMatch(x -> x.kind() == BookSource.Kind.YANEURAOU_DB)) {
            throw new IllegalArgumentException(
                    "--winners-only cannot count imported books: they have no results");
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < sources.size(); i++) {
            BookSource src = sources.get(i);
            if (src.id() != i) {
                throw new IllegalArgumentException(
                        "source " + src.name() + " has id " + src.id() + " at position " + i);
            }
            if (!names.add(src.name())) {
                throw new IllegalArgumentException(
                        "two sources are named '"
                                + src.name()
                                + "'; name them apart with NAME=PATH");
            }
        }
    }

    /** Records files or directories, each a source of weight 1 named by its path as given. */
    public static BuildSettings defaults(String out, List<String> inputs) {
        List<BookSource> s =
                IntStream.range(0, inputs.size())
                        .mapToObj(
                                i ->
                                        new BookSource(
                                                i,
                                                inputs.get(i),
                                                BookSource.Kind.RECORDS,
                                                inputs.get(i),
                                                1))
                        .toList();
        return new BuildSettings(out, s, "local[*]", DEFAULT_MAX_PLY, 1, false, Set.of(), 8);
    }

    /** The paths of the records sources, in source order. */
    public List<String> inputs() {
        return sources.stream()
                .filter(s -> s.kind() == BookSource.Kind.RECORDS)
                .map(BookSource::location)
                .toList();
    }

    public BuildSettings withSources(List<BookSource> s) {
        return new BuildSettings(
                out,
                s,
                master,
                maxPly,
                minCount,
                winnersOnly,
                players,
                partitions,
                countRandomPlies);
    }

    public BuildSettings withMaster(String m) {
        return new BuildSettings(
                out,
                sources,
                m,
                maxPly,
                minCount,
                winnersOnly,
                players,
                partitions,
                countRandomPlies);
    }

    public BuildSettings withMaxPly(int p) {
        return new BuildSettings(
                out,
                sources,
                master,
                p,
                minCount,
                winnersOnly,
                players,
                partitions,
                countRandomPlies);
    }

    public BuildSettings withFilters(long min, boolean winners, Set<String> names) {
        return new BuildSettings(
                out, sources, master, maxPly, min, winners, names, partitions, countRandomPlies);
    }

    public BuildSettings withPartitions(int n) {
        return new BuildSettings(
                out, sources, master, maxPly, minCount, winnersOnly, players, n, countRandomPlies);
    }

    /**
     * With {@code on}, uniformly random opening plies count as book moves ({@code
     * --count-random-plies}).
     */
    public BuildSettings withCountRandomPlies(boolean on) {
        return new BuildSettings(
                out, sources, master, maxPly, minCount, winnersOnly, players, partitions, on);
    }

    /** The weight of each source by id, for the executors. */
    int[] weights() {
        return sources.stream().mapToInt(BookSource::weight).toArray();
    }

    /** Compact JSON of the settings for the book's metadata. */
    String toJson() {
        return "{\"max_ply\":"
                + maxPly
                + ",\"min_count\":"
                + minCount
                + ",\"winners_only\":"
                + winnersOnly
                + ",\"count_random_plies\":"
                + countRandomPlies
                + ",\"players\":"
                + Json.array(players.stream().sorted().toList())
                + ",\"master\":"
                + Json.string(master)
                + "}";
    }
}
