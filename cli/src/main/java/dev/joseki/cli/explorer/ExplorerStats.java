package dev.joseki.cli.explorer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.book.store.RocksBook;
import java.util.Map;

/**
 * {@code /api/stats}: {@code book stats --json} plus {@code "positions_per_ply"}, made fit for
 * anyone who can reach the page: a source is named by its file names only (the builder records the
 * paths it was given, which may be absolute and tell the machine's layout) and the Spark master is
 * left out.
 */
final class ExplorerStats {
    private ExplorerStats() {}

    static ObjectNode of(RocksBook book) {
        ObjectNode s = BookJson.stats(book.metadata());
        if (s.get("sources") instanceof ObjectNode sources) {
            s.set("sources", fileNamesOnly(sources));
        }
        if (s.get("settings") instanceof ObjectNode settings) {
            settings.remove("master");
        }
        ArrayNode perPly = s.putArray("positions_per_ply");
        PlyHistogram.of(book, book.metadata().minCount())
                .forEach((ply, n) -> perPly.addObject().put("ply", ply).put("positions", n));
        return s;
    }

    /**
     * Sources named by file names only: a legacy key {"/data/a/x.kif,/data/b": 3} becomes
     * {"x.kif,b": 3} (counts of keys that become equal are added), and a named source's "location"
     * (the path it was read from) keeps only its file names.
     */
    static ObjectNode fileNamesOnly(ObjectNode sources) {
        ObjectNode out = sources.objectNode();
        for (Map.Entry<String, JsonNode> e : sources.properties()) {
            String key = fileNames(e.getKey());
            JsonNode value = e.getValue();
            if (value instanceof ObjectNode source && source.has("location")) {
                value =
                        source.deepCopy()
                                .put("location", fileNames(source.get("location").asText()));
            }
            JsonNode before = out.get(key);
            if (before != null && before.isNumber() && value.isNumber()) {
                out.put(key, before.asLong() + value.asLong());
            } else {
                out.set(key, value);
            }
        }
        return out;
    }

    /** "/data/a/x.kif,/data/b/" becomes "x.kif,b". */
    static String fileNames(String paths) {
        StringBuilder names = new StringBuilder();
        for (String input : paths.split(",", -1)) {
            String trimmed = input.replaceAll("[/\\\\]+$", "");
            names.append(names.length() > 0 ? "," : "")
                    .append(
                            trimmed.substring(
                                    Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'))
                                            + 1));
        }
        return names.toString();
    }
}
