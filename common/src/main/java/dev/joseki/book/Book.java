package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.rules.Position;
import java.util.EnumSet;
import java.util.Set;

/**
 * A read-only opening book with full, half and quarter matching (and the castle match).
 * Implementations are thread-safe.
 */
public interface Book extends AutoCloseable {
    /**
     * Probes only the given indexes: the others come back empty and are not read at all (a player
     * that uses no partial matches costs no half or quarter lookups).
     */
    ProbeResult probe(Position pos, Set<Index> indexes);

    /** Probes every index. */
    default ProbeResult probe(Position pos) {
        return probe(pos, EnumSet.allOf(Index.class));
    }

    /**
     * The castle match, beyond the paper ({@link BookProbe#castle}): moves from the mover's
     * formation in the area of its king at any ply, legal here, most frequent first.
     */
    java.util.List<ProbeResult.Suggestion> castle(Position pos);

    /**
     * The values of the position's moves (propagated, else engine evaluations; see {@link
     * MoveValues}), by 16-bit move in the position's own coordinates; empty for a book without
     * values.
     */
    default java.util.SortedMap<Integer, MoveEval> values(Position pos) {
        return java.util.Collections.emptySortedMap();
    }

    BookMetadata metadata();

    @Override
    void close();
}
