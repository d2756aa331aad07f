package dev.joseki.play;

import dev.joseki.notation.ParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The fields of an {@link EngineSpec}: blank-separated KEY=VALUE words, double quotes for blanks.
 */
final class SpecFields {
    private static final String SOURCE = "--engine";

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

    /**
     * The clock of {@code tc=} (with {@code byoyomi=}, {@code timemargin=}), or null without tc;
     * errors name the field that breaks the rule, at its column.
     */
    static TimeControl clock(Field tc, Field byoyomi, Field margin, Field perMove, Field timeout) {
        if (tc == null) {
            if (margin != null) {
                throw error(margin, "timemargin= is for clocked games: give tc=MAIN[+INC]");
            }
            return null;
        }
        if (perMove != null) {
            Field later = perMove.column() > tc.column() ? perMove : tc;
            throw error(
                    later,
                    "tc= and "
                            + perMove.key()
                            + "= exclude each other: a clocked game has no per-move "
                            + "limit");
        }
        if (timeout != null) {
            Field later = timeout.column() > tc.column() ? timeout : tc;
            throw error(
                    later,
                    "tc= and timeout= exclude each other: a clocked move waits until its flag"
                            + " falls");
        }
        long[] mainInc;
        try {
            mainInc = TimeControl.parseMainPlusIncrement(tc.value());
        } catch (IllegalArgumentException e) {
            throw error(
                    tc, "tc: " + e.getMessage() + " (tc=MAIN[+INC] in seconds, e.g. tc=10+0.1)");
        }
        long byo = byoyomi == null ? 0 : positive(byoyomi);
        if (byo > 0 && mainInc[1] > 0) {
            throw error(
                    byoyomi.column() > tc.column() ? byoyomi : tc,
                    "tc with an increment and byoyomi= exclude each other: give tc=MAIN byoyomi=MS"
                            + " or tc=MAIN+INC");
        }
        long m = margin == null ? TimeControl.DEFAULT_MARGIN_MS : Long.parseLong(margin.value());
        return new TimeControl(mainInc[0], mainInc[1], byo, m);
    }

    static Field once(Field f, Field previous) {
        if (previous != null) {
            throw error(f, "'" + f.key() + "' given twice");
        }
        return f;
    }

    static String once(Field f, String previous) {
        if (previous != null) {
            throw error(f, "'" + f.key() + "' given twice");
        }
        return f.value();
    }

    static long positive(Field f) {
        try {
            long v = Long.parseLong(f.value());
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(f, f.key() + " must be a positive integer, got '" + f.value() + "'");
    }

    static ParseException error(Field f, String reason) {
        return new ParseException(SOURCE, 1, f.column(), reason);
    }
}
