package dev.joseki.play;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the figures a move keeps from USI {@code info} lines: depth, nodes and the score ({@code
 * score cp N} or {@code score mate N}, mover's view). Later lines overwrite earlier ones; words
 * that do not parse are skipped, since an engine's chatter must never fail a game. With MultiPV,
 * the move's score is line 1's, and each line's latest exact score and first pv move are kept by
 * its {@code multipv} index (bound scores, {@code lowerbound}/{@code upperbound}, are not a line's
 * value).
 *
 * <p>The move's score is the latest exact one: an engine stopped by its node or time limit in the
 * middle of an aspiration re-search often sends a bound last (YaneuraOu's material edition at
 * {@code go nodes 10000} did in 241 of the 407 moves of four games), which says only on which side
 * of its window the score lies. A bound counts only when no exact score came.
 */
final class UsiInfo {
    private int depth;
    private long nodes;
    private boolean scored, mate, exact;
    private int score;
    private final Map<Integer, Sampling.Line> lines = new TreeMap<>();

    void parse(String line) {
        String[] w = line.trim().split("\\s+");
        int multiPv = 1;
        boolean lineScored = false, lineMate = false, bound = false;
        int lineScore = 0;
        String pvMove = null;
        loop:
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
                case "multipv" -> {
                    Long v = number(w[i + 1]);
                    if (v != null && v >= 1 && v <= 64) {
                        multiPv = v.intValue();
                    }
                }
                case "score" -> {
                    if (i + 2 < w.length) {
                        Long v = number(w[i + 2]);
                        if ("cp".equals(w[i + 1]) && v != null) {
                            lineScored = true;
                            lineMate = false;
                            lineScore = (int) clamp(v);
                        } else if ("mate".equals(w[i + 1])) {
                            // "mate +" / "mate -" (length unknown) are allowed by USI.
                            long m = v != null ? v : w[i + 2].startsWith("-") ? -1 : 1;
                            lineScored = true;
                            lineMate = true;
                            lineScore = (int) clamp(m);
                        }
                    }
                }
                case "lowerbound", "upperbound" -> bound = true;
                case "pv" -> {
                    pvMove = w[i + 1];
                    break loop; // the rest of the line is moves
                }
                case "string" -> {
                    break loop; // free text
                }
                default -> {}
            }
        }
        bound |=
                w.length > 0
                        && (w[w.length - 1].equals("lowerbound")
                                || w[w.length - 1].equals("upperbound"));
        if (lineScored && multiPv == 1 && (!bound || !exact)) {
            scored = true;
            exact = !bound;
            mate = lineMate;
            score = lineScore;
        }
        if (lineScored && pvMove != null && !bound) {
            lines.put(multiPv, new Sampling.Line(pvMove, lineMate, lineScore));
        }
    }

    /** The latest exact line of each multipv index, in index order. */
    List<Sampling.Line> lines() {
        return new ArrayList<>(lines.values());
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
