package dev.joseki.book.builder;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The book's {@code sources} metadata: what each named input has contributed, summed over all
 * builds.
 *
 * <pre>
 *  {"NAME": {"kind": "records|kafka|yaneuraou-db", "location": "...", "weight": w,
 *            "games": games counted (records, kafka), "imported_moves": .db move lines counted,
 *            "imported_positions": .db positions counted,
 *            "count": the weighted count its rows added to the full index,
 *            "entries": full-index entries (position, move) its rows fell into}, ...}
 * </pre>
 *
 * A source's share of the book is its count over the sum of all counts ({@code book stats} prints
 * it). Entries overlap between sources (two sources that played the same move from the same
 * position both count that entry), and an entry a source reached in two builds is counted twice, so
 * entry shares are "reach", not a partition. Weight and location are those of the latest build that
 * named the source. Books built before sources had weights hold {"NAME": games}; such a value is
 * read as its games.
 */
final class SourceShares {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String[] SUMS = {
        "games", "imported_moves", "imported_positions", "count", "entries"
    };

    private SourceShares() {}

    /** Previous JSON plus this build's numbers (arrays indexed by source id). */
    static String merge(
            String previous,
            List<BookSource> sources,
            long[] games,
            List<DbImports.Read> imports,
            long[] counts,
            long[] entries) {
        Map<String, Object> all;
        try {
            all = MAPPER.readValue(previous, new TypeReference<LinkedHashMap<String, Object>>() {});
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("bad JSON in book metadata 'sources': " + previous, e);
        }
        for (BookSource src : sources) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("kind", src.kind().jsonName());
            line.put("location", src.location());
            line.put("weight", src.weight());
            long moves = 0, positions = 0;
            for (DbImports.Read r : imports) {
                if (r.source().id() == src.id()) {
                    moves += r.moves().size();
                    positions += r.positions();
                }
            }
            long[] now = {games[src.id()], moves, positions, counts[src.id()], entries[src.id()]};
            Object old = all.get(src.name());
            for (int i = 0; i < SUMS.length; i++) {
                line.put(SUMS[i], now[i] + before(old, SUMS[i]));
            }
            all.put(src.name(), line);
        }
        try {
            return MAPPER.writeValueAsString(all);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long before(Object old, String field) {
        if (old instanceof Number n) {
            return field.equals("games") ? n.longValue() : 0;
        }
        if (old instanceof Map<?, ?> m && m.get(field) instanceof Number n) {
            return n.longValue();
        }
        return 0;
    }
}
