package dev.joseki.notation;

import java.util.Locale;

/**
 * The record formats this package reads; {@link #detect} guesses one from a file name and its text.
 */
public enum RecordFormat {
    CSA,
    KIF,
    KI2,
    USI;

    /**
     * Parses a user-given name ("csa", "kif", "kifu", "ki2", "usi"), or throws
     * IllegalArgumentException.
     */
    public static RecordFormat parse(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "csa" -> CSA;
            case "kif", "kifu" -> KIF;
            case "ki2", "ki2u" -> KI2;
            case "usi", "sfen" -> USI;
            default ->
                    throw new IllegalArgumentException(
                            "unknown record format '" + Quote.cut(name) + "' (csa, kif, ki2, usi)");
        };
    }

    /**
     * Step 1: a known extension decides. Step 2: otherwise the first meaningful line does — CSA
     * lines begin with V, N±, $, P, ±, %, T or '; USI lines with position/startpos/sfen; KI2 moves
     * with ▲△; anything else with Japanese headers is KIF. Returns null when nothing fits.
     */
    public static RecordFormat detect(String fileName, String text) {
        String name = fileName.toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1);
        switch (ext) {
            case "csa":
                return CSA;
            case "kif", "kifu":
                return KIF;
            case "ki2", "ki2u":
                return KI2;
            case "usi", "sfen":
                return USI;
            default:
                break;
        }
        boolean japanese = false;
        for (String raw : text.split("\r\n|\r|\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("position ")
                    || line.startsWith("startpos")
                    || line.startsWith("sfen ")) {
                return USI;
            }
            if (line.startsWith("▲")
                    || line.startsWith("△")
                    || line.startsWith("☗")
                    || line.startsWith("☖")) {
                return KI2;
            }
            if (line.startsWith("手数-") || line.matches("\\d+\\s+\\S.*")) {
                return KIF;
            }
            if (line.indexOf('：') >= 0) {
                japanese = true;
                continue;
            }
            if (!japanese
                    && line.matches(
                            "(V\\d.*|N[+-].*|\\$.*|P[1-9I+-].*|[+-]\\d{4}.*|[+-]|%.*|'.*)")) {
                return CSA;
            }
        }
        return japanese ? KIF : null;
    }
}
