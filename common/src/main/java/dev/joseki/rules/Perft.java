package dev.joseki.rules;

/**
 * Perft: the number of legal move sequences of a given length, the standard oracle for move
 * generators. {@link #count} counts the last ply from the generated list without making the moves
 * ("bulk counting"); {@link #countByMaking} makes and unmakes every move, leaves included.
 */
public final class Perft {
    private final int[][] moves;

    /**
     * Set from another thread by {@link #stop}; read at nodes three or more plies from the leaves
     * only.
     */
    private volatile boolean stopped;

    public Perft(int maxDepth) {
        moves = new int[Math.max(1, maxDepth) + 1][MoveGenerator.MAX_MOVES];
    }

    public long count(Position pos, int depth) {
        return depth <= 0 ? 1 : count(pos, depth, 0, true);
    }

    public long countByMaking(Position pos, int depth) {
        return depth <= 0 ? 1 : count(pos, depth, 0, false);
    }

    /**
     * Ends a count running on another thread within about a millisecond (the time of a perft 3): it
     * returns a partial total, and {@link #divide} tells no root move whose count was cut short.
     * For good: a stopped Perft counts nothing more.
     */
    public void stop() {
        stopped = true;
    }

    public boolean stopped() {
        return stopped;
    }

    private long count(Position pos, int depth, int ply, boolean bulk) {
        // The flag is read where a subtree is large enough for its cost not to show (a perft 6
        // reads it 26,401 times for its 20 million generations).
        if (depth >= 3 && stopped) {
            return 0;
        }
        final int[] list = moves[ply];
        final int n = MoveGenerator.generateLegal(pos, list, 0);
        if (depth == 1 && bulk) {
            return n;
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            pos.doMove(list[i]);
            total += depth == 1 ? 1 : count(pos, depth - 1, ply + 1, bulk);
            pos.undoMove(list[i]);
        }
        return total;
    }

    /**
     * Told each root move's count as it is done; false stops the divide before the next root move.
     */
    @FunctionalInterface
    public interface RootCount {
        boolean counted(int move, long count);
    }

    /**
     * The count by root move ("divide"), in generation order, each told to {@code each} as soon as
     * it is known; returns the total of the root moves counted (all of them unless {@code each} or
     * {@link #stop} ended it; a root move cut short by stop is neither told nor added).
     */
    public long divide(Position pos, int depth, RootCount each) {
        final int[] rootMoves = new int[MoveGenerator.MAX_MOVES];
        final int n = MoveGenerator.generateLegal(pos, rootMoves, 0);
        long total = 0;
        for (int i = 0; i < n; i++) {
            pos.doMove(rootMoves[i]);
            final long count = count(pos, depth - 1);
            pos.undoMove(rootMoves[i]);
            if (stopped) {
                break;
            }
            total += count;
            if (!each.counted(rootMoves[i], count)) {
                break;
            }
        }
        return total;
    }
}
