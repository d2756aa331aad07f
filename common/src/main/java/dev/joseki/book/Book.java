package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.rules.Position;
import java.util.EnumSet;
import java.util.Set;

/** A read-only opening book with full, half and quarter matching. Implementations are thread-safe. */
public interface Book extends AutoCloseable {
    /**
     * Probes only the given indexes: the others come back empty and are not read at all (a player that
     * uses no partial matches costs no half or quarter lookups).
     */
    ProbeResult probe(Position pos, Set<Index> indexes);

    /** Probes every index. */
    default ProbeResult probe(Position pos) {
        return probe(pos, EnumSet.allOf(Index.class));
    }

    BookMetadata metadata();

    @Override
    void close();
}
