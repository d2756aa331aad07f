package dev.joseki.rules;

/**
 * Perft: the number of legal move sequences of a given length, the standard oracle for move
 * generators. {@link #count} counts the last ply from the generated list without making the moves
 * ("bulk counting"); {@link #countByMaking} makes and unmakes every move, leaves included.
 */
public final class Perft {
    private final int[][] moves;

    public Perft(int maxDepth) {
        moves = new int[Math.max(1, maxDepth) + 1][MoveGenerator.MAX_MOVES];
    }

    public long count(Position pos, int depth) {
        return depth <= 0 ? 1 : count(pos, depth, 0, true);
    }

    public long countByMaking(Position pos, int depth) {
        return depth <= 0 ? 1 : count(pos, depth, 0, false);
    }

    private long count(Position pos, int depth, int ply, boolean bulk) {
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

    /** Per root move counts, in generation order, as {@code int[]{move}} / {@code long[]{count}} pairs. */
    public long[] divide(Position pos, int depth, int[] rootMoves) {
        final int n = MoveGenerator.generateLegal(pos, rootMoves, 0);
        long[] counts = new long[n];
        for (int i = 0; i < n; i++) {
            pos.doMove(rootMoves[i]);
            counts[i] = count(pos, depth - 1);
            pos.undoMove(rootMoves[i]);
        }
        return counts;
    }
}
