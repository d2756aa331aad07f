package dev.joseki.book;

import dev.joseki.rules.Position;

/** A read-only opening book with full, half and quarter matching. Implementations are thread-safe. */
public interface Book extends AutoCloseable {
    ProbeResult probe(Position pos);

    BookMetadata metadata();

    @Override
    void close();
}
