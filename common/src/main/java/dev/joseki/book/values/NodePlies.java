package dev.joseki.book.values;

import java.util.Arrays;

/**
 * The ply (move number) of every node of a {@link BookGraph}, for exports to engines that match
 * book positions by ply (YaneuraOu with {@code IgnoreBookPly=false}). The rule, in order:
 *
 * <ol>
 *   <li>a node with a known ply (a position games reached: the earliest ply it was seen at) keeps
 *       it;
 *   <li>a node without one, reached from a node of ply p by a followed move (one the export writes:
 *       counted or valued), gets p + 1, breadth-first, so the shortest such chain from any counted
 *       position decides (the mined frontier, chains of evaluated moves, transpositions among
 *       them);
 *   <li>a node still without a ply, reached the same way by any move of the graph (a legal move
 *       into a book position that nobody played or evaluated), gets p + 1, breadth-first from every
 *       placed node;
 *   <li>a node reached by neither (an orphan: no chain of book moves leads to it from a counted
 *       position) gets {@link #ORPHAN_PLY}.
 * </ol>
 *
 * Known plies are never lowered, so a position games reached keeps the ply games gave it.
 */
public final class NodePlies {
    /** The ply of a node no chain of book moves reaches from a counted position. */
    public static final int ORPHAN_PLY = 1;

    /** Which moves of the graph step 2 follows: move j (a move index of the graph) of node. */
    @FunctionalInterface
    public interface Followed {
        boolean test(int node, int move);
    }

    private NodePlies() {}

    /** known[i] ≥ 1: node i's ply from games, 0 when it has none; returns every node's ply ≥ 1. */
    public static int[] of(BookGraph g, int[] known, Followed followed) {
        if (known.length != g.nodes()) {
            throw new IllegalArgumentException(known.length + " plies for " + g.nodes() + " nodes");
        }
        int[] ply = known.clone();
        spread(g, ply, followed);
        spread(g, ply, (node, move) -> true);
        for (int i = 0; i < ply.length; i++) {
            if (ply[i] <= 0) {
                ply[i] = ORPHAN_PLY;
            }
        }
        return ply;
    }

    /**
     * Breadth-first from every placed node at once, sources taken in ply order: the queue then only
     * holds plies p and p + 1, so the first ply given to a node is its shortest.
     */
    private static void spread(BookGraph g, int[] ply, Followed followed) {
        int placed = 0;
        for (int p : ply) {
            placed += p > 0 ? 1 : 0;
        }
        long[] sources = new long[placed];
        for (int i = 0, k = 0; i < ply.length; i++) {
            if (ply[i] > 0) {
                sources[k++] = (long) ply[i] << 32 | i;
            }
        }
        Arrays.sort(sources);
        int[] queue = new int[ply.length];
        int head = 0, tail = 0, s = 0;
        while (head < tail || s < sources.length) {
            int node;
            boolean source =
                    s < sources.length
                            && (head == tail || (int) (sources[s] >>> 32) <= ply[queue[head]]);
            if (source) {
                node = (int) sources[s++];
            } else {
                node = queue[head++];
            }
            for (int j = g.firstMove(node); j < g.endMove(node); j++) {
                int t = g.target(j);
                if (t != BookGraph.LEAF && ply[t] <= 0 && followed.test(node, j)) {
                    ply[t] = ply[node] + 1;
                    queue[tail++] = t;
                }
            }
        }
    }
}
