package dev.joseki.book.builder;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/** Reads the flat JSON objects kept in book metadata (Jackson comes with Spark). */
final class SimpleJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SimpleJson() {
    }

    static Map<String, Object> parseFlat(String json) {
        try {
            return MAPPER.readValue(json, new TypeReference<Map<String, Object>>() { });
        } catch (java.io.IOException e) {
            throw new IllegalStateException("bad JSON in book metadata: " + json, e);
        }
    }
}
