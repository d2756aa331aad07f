package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;

/** Every entry of an index in key order, for exports and statistics. */
public interface BookEntries {
    void forEach(Index index, BookProbe.Visitor visitor);
}
