package dev.joseki.book;

import dev.joseki.rules.Position;

/** A read-only opening book with full, half and quarter matching (and the castle match). Implementations are thread-safe. */
public interface Book extends AutoCloseable {
    ProbeResult probe(Position pos);

    /**
     * The castle match, beyond the paper ({@link BookProbe#castle}): moves from the mover's formation in
     * the area of its king at any ply, legal here, most frequent first.
     */
    java.util.List<ProbeResult.Suggestion> castle(Position pos);

    BookMetadata metadata();

    @Override
    void close();
}
