package dev.joseki.book.builder;

import java.io.Serializable;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One input of a build with its name and weight: a records file or directory, the Kafka games
 * topic, or a count-only YaneuraOu book. Every row a source contributes counts {@code weight} times
 * (a game of a weight-3 source adds 3 to each of its entries; a {@code .db} move line of count c
 * adds 3c), so that, e.g., professional games can count more than self-play. Weights are whole
 * numbers so that counts stay exact integers. The name keys the source's line in the book's {@code
 * sources} metadata.
 *
 * @param id position of the source in the build's source list (0..{@value #MAX_SOURCES} − 1); rows
 *     carry it so that each source's share can be counted
 * @param location a path, or {@code kafka:<topic>}
 */
public record BookSource(int id, String name, Kind kind, String location, int weight)
        implements Serializable {
    public static final int MAX_SOURCES = 64;
    public static final int MAX_WEIGHT = 1000;

    /** {@code [NAME=]PATH[:WEIGHT]}; NAME is letters, digits, '.', '_' or '-'. */
    private static final Pattern SPEC = Pattern.compile("(?:([A-Za-z0-9._-]+)=)?(.+?)(?::(\\d+))?");

    public enum Kind {
        RECORDS("records"),
        KAFKA("kafka"),
        YANEURAOU_DB("yaneuraou-db");

        private final String jsonName;

        Kind(String jsonName) {
            this.jsonName = jsonName;
        }

        public String jsonName() {
            return jsonName;
        }
    }

    public BookSource {
        if (id < 0 || id >= MAX_SOURCES) {
            throw new IllegalArgumentException("at most " + MAX_SOURCES + " sources in one build");
        }
        if (weight < 1 || weight > MAX_WEIGHT) {
            throw new IllegalArgumentException(
                    "source " + name + ": weight " + weight + " is not in 1.." + MAX_WEIGHT);
        }
    }

    /**
     * Parses {@code [NAME=]PATH[:WEIGHT]} (e.g. {@code pro=records/pro:3}); the name defaults to
     * the file or directory name, the weight to 1.
     */
    public static BookSource parse(int id, Kind kind, String spec) {
        Matcher m = SPEC.matcher(spec);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "bad source '" + spec + "': expected [NAME=]PATH[:WEIGHT]");
        }
        String path = m.group(2);
        Path p = Paths.get(path);
        String name =
                m.group(1) != null
                        ? m.group(1)
                        : p.getFileName() == null ? path : p.getFileName().toString();
        int weight;
        try {
            weight = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "bad source '" + spec + "': weight " + m.group(3) + " is too large");
        }
        return new BookSource(id, name, kind, path, weight);
    }

    /** The Kafka games topic as a source. */
    public static BookSource kafka(int id, String topic, int weight) {
        return new BookSource(id, "kafka:" + topic, Kind.KAFKA, "kafka:" + topic, weight);
    }
}
