package dev.joseki.play;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Sampled move choice for the first {@code plies} plies after the opening: the engine searches with
 * {@code lines} principal variations (same budget as any move), and the move is drawn uniformly
 * among the lines scoring at least best − {@code windowCp} (best: the highest score reported), from
 * the game seed and the ply. A mate score for the first line (either side) means no sampling: the
 * engine's own move is played. This gives sound variety: only moves the engine itself rates close
 * to its best are ever played.
 *
 * @param plies how many plies after the opening are sampled; 0 turns sampling off
 * @param windowCp how far below the best line's score a line may be and still be drawn
 * @param lines MultiPV lines searched (K)
 */
public record Sampling(int plies, int windowCp, int lines) {
    public static final Sampling OFF = new Sampling(0, 0, 1);

    /** Self-play's default (docs/selfplay.md). */
    public static final Sampling DEFAULT = new Sampling(8, 30, 4);

    /**
     * One principal variation as the engine reported it: its first move (USI) and score, mover's
     * view.
     */
    public record Line(String usi, boolean mate, int score) {}

    public Sampling {
        if (plies < 0 || windowCp < 0 || lines < 1 || lines > 64) {
            throw new IllegalArgumentException(
                    "sampling needs plies >= 0, window >= 0 and 1..64 lines, got "
                            + plies
                            + ", "
                            + windowCp
                            + ", "
                            + lines);
        }
    }

    /** Whether ply {@code enginePly} (0 = the first ply after the opening) is sampled. */
    public boolean covers(int enginePly) {
        return enginePly >= 0 && enginePly < plies && lines > 1;
    }

    /**
     * The lines within the window of the best (the first line), in reported order; empty when
     * nothing is to be drawn.
     */
    public List<Line> candidates(List<Line> reported) {
        List<Line> out = new ArrayList<>();
        if (reported.isEmpty() || reported.get(0).mate()) {
            return out;
        }
        int best = reported.stream().filter(l -> !l.mate()).mapToInt(Line::score).max().getAsInt();
        for (Line l : reported) {
            if (!l.mate() && l.score() >= best - windowCp) {
                out.add(l);
            }
        }
        return out;
    }

    /**
     * The drawn line: uniform among {@link #candidates} by the seed of ({@code gameSeed}, {@code
     * ply}); null when fewer than two lines are candidates (the engine's own move stands).
     */
    public Line choose(List<Line> reported, long gameSeed, int ply) {
        List<Line> c = candidates(reported);
        if (c.size() < 2) {
            return null;
        }
        return c.get(new SplittableRandom(GameSeed.derive(gameSeed, ply)).nextInt(c.size()));
    }
}
