package dev.joseki.cli.explorer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.MoveEval;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.values.PrincipalLine;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.List;
import java.util.Map;

/**
 * The JSON shapes of {@code book probe --json} and {@code book stats --json} (cli.md). The book
 * explorer's {@code /api/probe} and {@code /api/stats} answer with exactly these objects.
 */
public final class BookJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BookJson() {}

    /**
     * The longest principal line shown: book lines are rarely longer, and a cycle stops it anyway.
     */
    static final int LINE_PLIES = 64;

    /**
     * Probes the paper's three matches and the castle match of one position, with the values of its
     * moves and the principal line (follow the best values, {@link PrincipalLine}).
     */
    public static ObjectNode probe(Book book, Position pos, BookBonus bonus) {
        ObjectNode root = probe(book.probe(pos), book.castle(pos), bonus, book.values(pos));
        ArrayNode line = root.putArray("principal_line");
        for (PrincipalLine.Step s : PrincipalLine.of(book::values, pos, LINE_PLIES)) {
            line.addObject()
                    .put("move", Move.usi(s.move16()))
                    .put("value", s.value().value())
                    .put("depth", s.value().depth());
        }
        return root;
    }

    /**
     * "castle" (beyond the paper, {@link dev.joseki.book.CastleKey}) lists the castle-match
     * suggestions with the quarter bonus as the suggested one (the engine does not apply it unless
     * its mode says so).
     */
    static ObjectNode probe(
            ProbeResult r,
            List<ProbeResult.Suggestion> castleMatch,
            BookBonus bonus,
            Map<Integer, MoveEval> values) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode full = root.putArray("full");
        for (ProbeResult.FullMove f : r.full()) {
            // unknown: games whose result the records did not give (unfinished, aborted); with it
            // the four add up to count
            ObjectNode o =
                    full.addObject()
                            .put("move", Move.usi(f.move16()))
                            .put("count", f.stats().count())
                            .put("wins", f.stats().wins())
                            .put("draws", f.stats().draws())
                            .put("losses", f.stats().losses())
                            .put(
                                    "unknown",
                                    f.stats().count()
                                            - f.stats().wins()
                                            - f.stats().draws()
                                            - f.stats().losses());
            // value and depth: propagated (depth to the book's leaf), else the engine's (search
            // depth), else null
            MoveEval v = values.get(f.move16());
            if (v == null) {
                o.putNull("value").putNull("depth");
            } else {
                o.put("value", v.value()).put("depth", v.depth());
            }
        }
        ArrayNode half = root.putArray("half");
        for (ProbeResult.Suggestion s : r.half()) {
            half.addObject()
                    .put("move", Move.usi(s.move16()))
                    .put("frequency", s.frequency())
                    .put("bonus", bonus.half(s.frequency()));
        }
        ArrayNode quarter = root.putArray("quarter");
        for (ProbeResult.Suggestion s : r.quarter()) {
            quarter.addObject()
                    .put("move", Move.usi(s.move16()))
                    .put("frequency", s.frequency())
                    .put("bonus", bonus.quarter(s.frequency()))
                    .put("area", s.area().jsonName());
        }
        ArrayNode castle = root.putArray("castle");
        for (ProbeResult.Suggestion s : castleMatch) {
            castle.addObject()
                    .put("move", Move.usi(s.move16()))
                    .put("frequency", s.frequency())
                    .put("bonus", bonus.quarter(s.frequency()))
                    .put("area", s.area().jsonName());
        }
        return root;
    }

    public static ObjectNode stats(BookMetadata m) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("games", m.getLong(BookMetadata.GAMES, 0));
        root.put("positions", m.getLong(BookMetadata.POSITIONS, 0));
        ObjectNode entries = root.putObject("entries");
        for (Index i : Index.values()) {
            entries.put(i.columnFamily(), m.entries(i));
        }
        // a mined book has evaluations and values but may have no game, position or entry
        root.put("evals", m.getLong(BookMetadata.EVALS, 0));
        root.put("propagated_nodes", m.getLong(BookMetadata.PROPAGATED_NODES, 0));
        root.put("propagated_values", m.getLong(BookMetadata.PROPAGATED_VALUES, 0));
        root.put("max_ply", m.getLong(BookMetadata.MAX_PLY, 0));
        root.put("built_at", m.get(BookMetadata.BUILT_AT, ""));
        root.set(
                "sources", sources(tree(m.get(BookMetadata.SOURCES, "{}")), m.entries(Index.FULL)));
        root.put("min_count", m.minCount());
        root.set("settings", tree(m.get(BookMetadata.SETTINGS, "{}")));
        return root;
    }

    /**
     * The sources metadata with each source's shares: count_share = its weighted count over all
     * sources' counts (the shares add up to 1), entries_share = the full-index entries it reached
     * over all full entries (sources overlap, so these can add up to more than 1). A book built
     * before sources had weights stores {"NAME": games}; such a source is shown as {"games": n}.
     */
    static ObjectNode sources(JsonNode stored, long fullEntries) {
        ObjectNode out = MAPPER.createObjectNode();
        long total = 0;
        for (JsonNode v : stored) {
            total += v.path("count").asLong(0);
        }
        for (var e : stored.properties()) {
            ObjectNode line =
                    e.getValue().isObject()
                            ? ((ObjectNode) e.getValue()).deepCopy()
                            : MAPPER.createObjectNode().put("games", e.getValue().asLong());
            if (line.has("count")) {
                line.put(
                        "count_share",
                        total == 0 ? 0.0 : line.get("count").asLong() / (double) total);
                line.put(
                        "entries_share",
                        fullEntries == 0
                                ? 0.0
                                : line.path("entries").asLong() / (double) fullEntries);
            }
            out.set(e.getKey(), line);
        }
        return out;
    }

    private static JsonNode tree(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("book metadata holds invalid JSON: " + json, e);
        }
    }

    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
