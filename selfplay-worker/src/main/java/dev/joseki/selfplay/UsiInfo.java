package dev.joseki.selfplay;

import dev.joseki.records.proto.MoveRecord;

/**
 * Reads the figures a move record keeps from a USI {@code info} line: depth, nodes and the score
 * ({@code score cp N} or {@code score mate N}, mover's view). Later lines overwrite earlier ones; words
 * that do not parse are skipped, since an engine's chatter must never fail a game.
 */
final class UsiInfo {
    private UsiInfo() {
    }

    static void parse(String line, MoveRecord.Builder into) {
        String[] w = line.trim().split("\\s+");
        for (int i = 1; i < w.length - 1; i++) {
            switch (w[i]) {
                case "depth" -> {
                    Long v = number(w[i + 1]);
                    if (v != null && v >= 0) {
                        into.setDepth((int) Math.min(v, Integer.MAX_VALUE));
                    }
                }
                case "nodes" -> {
                    Long v = number(w[i + 1]);
                    if (v != null && v >= 0) {
                        into.setNodes(v);
                    }
                }
                case "score" -> {
                    if (i + 2 < w.length) {
                        Long v = number(w[i + 2]);
                        if ("cp".equals(w[i + 1]) && v != null) {
                            into.clearScoreMate().setScoreCp((int) clamp(v));
                        } else if ("mate".equals(w[i + 1])) {
                            // "mate +" / "mate -" (length unknown) are allowed by USI.
                            long m = v != null ? v : w[i + 2].startsWith("-") ? -1 : 1;
                            into.clearScoreCp().setScoreMate((int) clamp(m));
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
