package dev.joseki.book.builder;

import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/** Minimal JSON writing for metadata values (flat objects of strings and numbers). */
final class Json {
    private Json() {}

    static String string(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    static String array(Collection<String> items) {
        return items.stream().map(Json::string).collect(Collectors.joining(",", "[", "]"));
    }

    /** Values that are Numbers are written bare, others as strings. */
    static String object(Map<String, ?> m) {
        return m.entrySet().stream()
                .map(
                        e ->
                                string(e.getKey())
                                        + ":"
                                        + (e.getValue() instanceof Number n
                                                ? n.toString()
                                                : string(String.valueOf(e.getValue()))))
                .collect(Collectors.joining(",", "{", "}"));
    }
}
