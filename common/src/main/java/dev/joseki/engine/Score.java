package dev.joseki.engine;

/**
 * Search scores: centipawns, or mate scores {@code MATE - plies} (the side to move mates in that
 * many plies) and {@code -MATE + plies} (it is mated). Scores are stored in the transposition table
 * relative to the node, not to the root ({@link #toTable}/{@link #fromTable}), so a mate found
 * through a transposition keeps its true distance.
 */
public final class Score {
    public static final int INFINITE = 32001;
    public static final int MATE = 32000;
    public static final int MAX_PLY = 128;
    public static final int MATE_IN_MAX_PLY = MATE - MAX_PLY;

    /** Reached by a perpetual check of the opponent: a win, but not a mate with a distance. */
    public static final int PERPETUAL_WIN = 20000;

    public static final int DRAW = 0;

    private Score() {}

    public static int matedIn(int ply) {
        return -MATE + ply;
    }

    public static int mateIn(int ply) {
        return MATE - ply;
    }

    public static boolean isMate(int score) {
        return Math.abs(score) >= MATE_IN_MAX_PLY;
    }

    /** Plies to mate (positive when the side to move mates, negative when it is mated). */
    public static int matePlies(int score) {
        return score > 0 ? MATE - score : -(MATE + score);
    }

    public static int toTable(int score, int ply) {
        return score >= MATE_IN_MAX_PLY
                ? score + ply
                : score <= -MATE_IN_MAX_PLY ? score - ply : score;
    }

    public static int fromTable(int score, int ply) {
        return score >= MATE_IN_MAX_PLY
                ? score - ply
                : score <= -MATE_IN_MAX_PLY ? score + ply : score;
    }

    /** USI form: "cp N" or "mate N" (plies, negative when mated). */
    public static String usi(int score) {
        return isMate(score) ? "mate " + matePlies(score) : "cp " + score;
    }
}
