package dev.joseki.book;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code meta} column family: UTF-8 names to UTF-8 values. Known names are constants here;
 * JSON-valued entries ({@link #SOURCES}, {@link #SETTINGS}, {@link #KAFKA_OFFSETS}, {@link
 * #KAFKA_EVAL_OFFSETS}) hold compact JSON objects.
 */
public record BookMetadata(Map<String, String> values) {
    public static final String LAYOUT_VERSION = "layout_version";
    public static final String GAMES = "games";
    public static final String POSITIONS = "positions";
    public static final String ENTRIES_PREFIX = "entries.";
    public static final String MAX_PLY = "max_ply";
    public static final String MIN_COUNT = "min_count";
    public static final String BUILT_AT = "built_at";
    public static final String BUILD_SECONDS = "build_seconds";
    public static final String SOURCES = "sources";
    public static final String SETTINGS = "settings";
    public static final String KAFKA_OFFSETS = "kafka_offsets";

    /**
     * The evals topic's offsets folded so far ({@code book evals --from-kafka}), in the form of
     * {@link #KAFKA_OFFSETS}.
     */
    public static final String KAFKA_EVAL_OFFSETS = "kafka_eval_offsets";

    /** Entries (position, move) of the evals table. */
    public static final String EVALS = "evals";

    /** Written by {@code book propagate}: when, over how many nodes, how many move values. */
    public static final String PROPAGATED_AT = "propagated_at";

    public static final String PROPAGATED_NODES = "propagated_nodes";
    public static final String PROPAGATED_VALUES = "propagated_values";

    public BookMetadata {
        values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    public String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    public long getLong(String name, long fallback) {
        String v = values.get(name);
        return v == null ? fallback : Long.parseLong(v.trim());
    }

    public long entries(BookLayout.Index index) {
        return getLong(ENTRIES_PREFIX + index.columnFamily(), 0);
    }

    /**
     * Entries below this count are ignored by probes and exports (kept on disk for later builds).
     */
    public long minCount() {
        return getLong(MIN_COUNT, 1);
    }
}
