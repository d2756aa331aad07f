package dev.joseki.play.usi;

import dev.joseki.engine.Limits;
import dev.joseki.notation.Quote;

/**
 * Parses the parameters of USI {@code go} into {@link Limits}. Unknown tokens or non-numeric values
 * are reported by an {@link IllegalArgumentException} naming the token (the engine answers "info
 * string" and "bestmove resign"). A {@code btime} or {@code wtime} token, even 0, makes the search
 * timed.
 */
final class GoCommand {
    private GoCommand() {}

    static Limits parse(String[] tokens, int from) {
        long nodes = 0,
                movetime = 0,
                btime = 0,
                wtime = 0,
                binc = 0,
                winc = 0,
                byoyomi = 0,
                mate = 0;
        int depth = 0;
        boolean infinite = false, ponder = false, clock = false;
        for (int i = from; i < tokens.length; i++) {
            String t = tokens[i];
            switch (t) {
                case "infinite" -> infinite = true;
                case "ponder" -> ponder = true;
                case "btime" -> {
                    btime = number(tokens, ++i, t);
                    clock = true;
                }
                case "wtime" -> {
                    wtime = number(tokens, ++i, t);
                    clock = true;
                }
                case "binc" -> binc = number(tokens, ++i, t);
                case "winc" -> winc = number(tokens, ++i, t);
                case "byoyomi" -> byoyomi = number(tokens, ++i, t);
                case "movetime" -> movetime = number(tokens, ++i, t);
                case "nodes" -> nodes = number(tokens, ++i, t);
                case "depth" -> depth = (int) Math.min(number(tokens, ++i, t), 1000);
                case "mate" -> {
                    if (i + 1 < tokens.length && tokens[i + 1].equals("infinite")) {
                        i++;
                        mate = -1;
                    } else {
                        mate = number(tokens, ++i, t);
                        if (mate == 0) {
                            mate = -1;
                        }
                    }
                }
                default ->
                        throw new IllegalArgumentException(
                                "unknown go parameter '" + Quote.cut(t) + "'");
            }
        }
        return new Limits(
                nodes, depth, movetime, btime, wtime, binc, winc, byoyomi, infinite, ponder, mate,
                clock);
    }

    /** A value ≥ 0; digits beyond Long.MAX_VALUE saturate to it (the longest time, no wrap). */
    private static long number(String[] tokens, int i, String name) {
        if (i >= tokens.length) {
            throw new IllegalArgumentException("go " + name + ": missing value");
        }
        String v = tokens[i];
        if (v.startsWith("-") && v.length() > 1 && digits(v.substring(1))) {
            throw new IllegalArgumentException("go " + name + ": negative value " + Quote.cut(v));
        }
        if (!digits(v)) {
            throw new IllegalArgumentException(
                    "go " + name + ": not a number '" + Quote.cut(v) + "'");
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static boolean digits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
