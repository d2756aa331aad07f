package dev.joseki.engine;

import static dev.joseki.engine.Score.MAX_PLY;

import java.util.Arrays;

/**
 * The principal variations of the nodes on the current line (the triangular table): line(ply) is
 * the best line found so far from the node at ply, its moves at indices ply .. length(ply) - 1.
 */
final class PrincipalVariation {
    private final int[][] pv = new int[MAX_PLY + 2][MAX_PLY + 2];
    private final int[] length = new int[MAX_PLY + 2];

    /** A node is entered: no line yet. */
    void clear(int ply) {
        length[ply] = ply;
    }

    /** The node's line becomes m followed by the child's line. */
    void update(int ply, int m) {
        final int[] line = pv[ply], child = pv[ply + 1];
        line[ply] = m;
        final int end = Math.max(length[ply + 1], ply + 1);
        System.arraycopy(child, ply + 1, line, ply + 1, end - ply - 1);
        length[ply] = end;
    }

    /** The node's line is m alone (a mate in one). */
    void single(int ply, int m) {
        pv[ply][ply] = m;
        length[ply] = ply + 1;
    }

    /** A copy of the root's line (made only when the root's best move changes). */
    int[] root() {
        return Arrays.copyOfRange(pv[0], 0, length[0]);
    }
}
