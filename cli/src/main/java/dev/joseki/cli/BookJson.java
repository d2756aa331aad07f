package dev.joseki.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.book.BookBonus;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.ProbeResult;
import dev.joseki.rules.Move;

/**
 * The JSON shapes of {@code book probe --json} and {@code book stats --json} (cli.md). The book explorer's
 * {@code /api/probe} and {@code /api/stats} answer with exactly these objects.
 */
public final class BookJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BookJson() {
    }

    public static ObjectNode probe(ProbeResult r, BookBonus bonus) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode full = root.putArray("full");
        for (ProbeResult.FullMove f : r.full()) {
            // unknown: games whose result the records did not give (unfinished, aborted); with it the four add up to count
            full.addObject().put("move", Move.usi(f.move16())).put("count", f.stats().count())
                    .put("wins", f.stats().wins()).put("draws", f.stats().draws()).put("losses", f.stats().losses())
                    .put("unknown", f.stats().count() - f.stats().wins() - f.stats().draws() - f.stats().losses());
        }
        ArrayNode half = root.putArray("half");
        for (ProbeResult.Suggestion s : r.half()) {
            half.addObject().put("move", Move.usi(s.move16())).put("frequency", s.frequency())
                    .put("bonus", bonus.half(s.frequency()));
        }
        ArrayNode quarter = root.putArray("quarter");
        for (ProbeResult.Suggestion s : r.quarter()) {
            quarter.addObject().put("move", Move.usi(s.move16())).put("frequency", s.frequency())
                    .put("bonus", bonus.quarter(s.frequency())).put("area", s.area().jsonName());
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
        root.put("max_ply", m.getLong(BookMetadata.MAX_PLY, 0));
        root.put("built_at", m.get(BookMetadata.BUILT_AT, ""));
        root.set("sources", tree(m.get(BookMetadata.SOURCES, "{}")));
        root.put("min_count", m.minCount());
        root.set("settings", tree(m.get(BookMetadata.SETTINGS, "{}")));
        return root;
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
