package dev.joseki.cli.explorer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.book.store.RocksBook;
import java.util.Map;

/**
 * {@code /api/stats}: {@code book stats --json} plus {@code "positions_per_ply"}, made fit for anyone who
 * can reach the page: a source is named by its file names only (the builder records the paths it was
 * given, which may be absolute and tell the machine's layout) and the Spark master is left out.
 */
final class ExplorerStats {
    private ExplorerStats() {
    }

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

    /** {"/data/a/x.kif,/data/b": 3} becomes {"x.kif,b": 3}; counts of keys that become equal are added. */
    static ObjectNode fileNamesOnly(ObjectNode sources) {
        ObjectNode out = sources.objectNode();
        for (Map.Entry<String, JsonNode> e : sources.properties()) {
            StringBuilder key = new StringBuilder();
            for (String input : e.getKey().split(",", -1)) {
                String trimmed = input.replaceAll("[/\\\\]+$", "");
                key.append(key.length() > 0 ? "," : "").append(trimmed.substring(
                        Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1));
            }
            JsonNode before = out.get(key.toString());
            if (before != null && before.isNumber() && e.getValue().isNumber()) {
                out.put(key.toString(), before.asLong() + e.getValue().asLong());
            } else {
                out.set(key.toString(), e.getValue());
            }
        }
        return out;
    }
}
