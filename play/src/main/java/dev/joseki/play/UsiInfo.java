package dev.joseki.play;

/**
 * Reads the figures a move keeps from USI {@code info} lines: depth, nodes and the score
 * ({@code score cp N} or {@code score mate N}, mover's view). Later lines overwrite earlier ones; words
 * that do not parse are skipped, since an engine's chatter must never fail a game.
 */
final class UsiInfo {
    private int depth;
    private long nodes;
    private boolean scored, mate;
    private int score;

    void parse(String line) {
        String[] w = line.trim().split("\\s+");
        for (int i = 1; i < w.length - 1; i++) {
            switch (w[i]) {
                case "depth" -> {
                    Long v = number(w[i + 1]);
                    if (v != null && v >= 0) {
                        depth = (int) Math.min(v, Integer.MAX_VALUE);
                    }
                }
                case "nodes" -> {
                    Long v = number(w[i + 1]);
                    if (v != null && v >= 0) {
                        nodes = v;
                    }
                }
                case "score" -> {
                    if (i + 2 < w.length) {
                        Long v = number(w[i + 2]);
                        if ("cp".equals(w[i + 1]) && v != null) {
                            scored = true;
                            mate = false;
                            score = (int) clamp(v);
                        } else if ("mate".equals(w[i + 1])) {
                            // "mate +" / "mate -" (length unknown) are allowed by USI.
                            long m = v != null ? v : w[i + 2].startsWith("-") ? -1 : 1;
                            scored = true;
                            mate = true;
                            score = (int) clamp(m);
                        }
                    }
                }
                case "pv", "string" -> {
                    return; // the rest of the line is moves or free text
                }
                default -> {
                }
            }
        }
    }

    MoveInfo toMoveInfo(int timeMs) {
        return new MoveInfo(MoveInfo.Source.SEARCH, depth, nodes, scored, mate, score, timeMs);
    }

    private static Long number(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long clamp(long v) {
        return Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }
}
