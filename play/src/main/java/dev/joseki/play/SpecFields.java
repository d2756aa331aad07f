package dev.joseki.play;

import dev.joseki.notation.ParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The fields of an {@link EngineSpec}: blank-separated KEY=VALUE words, double quotes for blanks.
 */
final class SpecFields {
    private SpecFields() {}

    /** key, value (null for a bare word) and the 1-based column where the field starts. */
    record Field(String key, String value, int column) {}

    /** Splits on blanks; a double-quoted stretch may hold blanks (the quotes are removed). */
    static List<Field> split(String spec, String source) {
        List<Field> out = new ArrayList<>();
        int i = 0, n = spec.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(spec.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int start = i;
            StringBuilder word = new StringBuilder();
            boolean quoted = false;
            int quoteAt = -1;
            while (i < n && (quoted || !Character.isWhitespace(spec.charAt(i)))) {
                char c = spec.charAt(i);
                if (c == '"') {
                    quoted = !quoted;
                    quoteAt = i;
                } else {
                    word.append(c);
                }
                i++;
            }
            if (quoted) {
                throw new ParseException(source, 1, quoteAt + 1, "unterminated quote");
            }
            String w = word.toString();
            int eq = w.indexOf('=');
            if (eq == 0) {
                throw new ParseException(source, 1, start + 1, "field without a key: '" + w + "'");
            }
            out.add(
                    eq < 0
                            ? new Field(w, null, start + 1)
                            : new Field(w.substring(0, eq), w.substring(eq + 1), start + 1));
        }
        return out;
    }
}
