package dev.joseki.engine;

/**
 * How much of the time manager's optimum one search deserves, from what its iterations found: a
 * best move that keeps changing, or a score falling below the previous move's, earns more time; a
 * best move unchanged for many depths earns less. The time saved on easy moves is spent on the hard
 * ones. The same three signals drive Stockfish's time management (best-move instability, falling
 * eval, time reduction on a stable move); the constants are this engine's, in centipawns.
 *
 * <p>Invariant: {@link #scale} is within [{@link #MIN_SCALE}, {@link #MAX_SCALE}]; with no
 * iteration seen it is 1 (the plain optimum).
 */
final class TimeScale {
    static final double MIN_SCALE = 0.5;
    static final double MAX_SCALE = 2.5;

    /** Each best-move change adds this much of the optimum; the count halves every depth. */
    static final double PER_CHANGE = 1.5;

    /** A score this many centipawns below the previous move's scales the time by 2 (capped). */
    static final int FALL_CP = 200;

    static final double MIN_FALL = 0.8;
    static final double MAX_FALL = 1.5;

    /** Depths the best move must have stayed the same for {@link #STABLE} to apply. */
    static final int STABLE_DEPTHS = 5;

    static final double STABLE = 0.75;

    /** Iterations below this depth say too little to scale by. */
    static final int MIN_DEPTH = 4;

    private double changes;
    private int lastMove;
    private int lastChangeDepth;
    private int depth;
    private int score;

    /** Starts a search. */
    void start() {
        changes = 0;
        lastMove = 0;
        lastChangeDepth = 0;
        depth = 0;
    }

    /** Records a completed iteration: its depth, best move and score (side to move's view). */
    void iteration(int completedDepth, int bestMove, int bestScore) {
        changes /= 2;
        if (depth == 0) {
            lastChangeDepth = completedDepth;
        } else if (bestMove != lastMove) {
            changes += 1;
            lastChangeDepth = completedDepth;
        }
        lastMove = bestMove;
        depth = completedDepth;
        score = bestScore;
    }

    /**
     * The factor for the optimum. previousScore is the score of this side's previous search in the
     * same game, or {@link Integer#MIN_VALUE} when there is none (no fall is then counted); mate
     * scores count no fall either, as their centipawns mean nothing.
     */
    double scale(int previousScore) {
        if (depth < MIN_DEPTH) {
            return 1;
        }
        double instability = 1 + PER_CHANGE * changes;
        double fall = 1;
        if (previousScore != Integer.MIN_VALUE
                && !Score.isMate(previousScore)
                && !Score.isMate(score)) {
            fall = clamp(1 + (previousScore - score) / (double) FALL_CP, MIN_FALL, MAX_FALL);
        }
        double stable = depth - lastChangeDepth >= STABLE_DEPTHS ? STABLE : 1;
        return clamp(instability * fall * stable, MIN_SCALE, MAX_SCALE);
    }

    private static double clamp(double x, double lo, double hi) {
        return Math.max(lo, Math.min(hi, x));
    }
}
