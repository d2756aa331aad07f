package dev.joseki.play.usi;

import dev.joseki.engine.Limits;

/**
 * Parses the parameters of USI {@code go} into {@link Limits}. Unknown tokens or non-numeric values
 * are reported by an {@link IllegalArgumentException} naming the token (the engine answers "info
 * string").
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
        boolean infinite = false, ponder = false;
        for (int i = from; i < tokens.length; i++) {
            String t = tokens[i];
            switch (t) {
                case "infinite" -> infinite = true;
                case "ponder" -> ponder = true;
                case "btime" -> btime = number(tokens, ++i, t);
                case "wtime" -> wtime = number(tokens, ++i, t);
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
                default -> throw new IllegalArgumentException("unknown go parameter '" + t + "'");
            }
        }
        return new Limits(
                nodes, depth, movetime, btime, wtime, binc, winc, byoyomi, infinite, ponder, mate);
    }

    private static long number(String[] tokens, int i, String name) {
        if (i >= tokens.length) {
            throw new IllegalArgumentException("go " + name + ": missing value");
        }
        try {
            long v = Long.parseLong(tokens[i]);
            if (v < 0) {
                throw new IllegalArgumentException("go " + name + ": negative value " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("go " + name + ": not a number '" + tokens[i] + "'");
        }
    }
}
