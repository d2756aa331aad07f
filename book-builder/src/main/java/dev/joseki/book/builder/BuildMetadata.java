package dev.joseki.book.builder;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** The metadata a build writes into the version it makes ({@link BookMetadata} keys). */
final class BuildMetadata {
    private BuildMetadata() {}

    /** The new version's metadata. */
    static Map<String, String> of(
            BuildSettings s,
            BookMetadata prevMeta,
            long total,
            long positions,
            Map<Index, Long> entries,
            double seconds,
            Map<String, String> extraMeta,
            String sources) {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put(BookMetadata.GAMES, Long.toString(total));
        meta.put(BookMetadata.POSITIONS, Long.toString(positions));
        entries.forEach(
                (i, n) ->
                        meta.put(BookMetadata.ENTRIES_PREFIX + i.columnFamily(), Long.toString(n)));
        meta.put(
                BookMetadata.MAX_PLY,
                Integer.toString(
                        Math.max(s.maxPly(), (int) prevMeta.getLong(BookMetadata.MAX_PLY, 0))));
        meta.put(BookMetadata.MIN_COUNT, Long.toString(s.minCount()));
        meta.put(BookMetadata.BUILT_AT, Instant.now().toString());
        meta.put(BookMetadata.BUILD_SECONDS, String.format(java.util.Locale.ROOT, "%.1f", seconds));
        meta.put(BookMetadata.SETTINGS, s.toJson());
        meta.put(BookMetadata.SOURCES, sources);
        meta.putAll(extraMeta);
        return meta;
    }

    static Map<Index, Long> entriesOf(BookMetadata m) {
        Map<Index, Long> e = new LinkedHashMap<>();
        for (Index i : Index.values()) {
            e.put(i, m.entries(i));
        }
        return e;
    }
}
