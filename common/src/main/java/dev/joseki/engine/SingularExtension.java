package dev.joseki.engine;

import static dev.joseki.engine.Score.MAX_PLY;
import static dev.joseki.engine.Score.isMate;
import static dev.joseki.engine.TranspositionTable.BOUND_LOWER;

import dev.joseki.rules.Move;

/**
 * The singular extension of a {@link TreeSearch} node (Step 3c): a hash move whose alternatives all
 * fail below a bar a little under its table score, in a search half as deep, is the only good move
 * and is searched a ply deeper; when the alternatives too reach the bar and the bar reaches beta,
 * several moves cut off and the node returns the bar (multi-cut); a hash move whose lower bound
 * reaches beta without being singular is searched a ply shallower.
 *
 * <p>The test searches the node itself, at the same ply, without the hash move: {@code
 * excludedMove[ply]} holds it (16 bits) during that search and is NONE otherwise. Such a search
 * neither reads nor writes the table at its own node, and prunes by neither null move nor ProbCut:
 * its result is a bound on the other moves, not the position's value.
 */
final class SingularExtension {
    /** {@link #extension}'s result when the node cuts off at {@link #bar}. */
    static final int MULTI_CUT = Integer.MIN_VALUE;

    private final TreeSearch tree;
    final int[] excludedMove = new int[MAX_PLY + 2];

    /** The least depth tested; MAX_VALUE when the extension is off. */
    private int minDepth = Integer.MAX_VALUE;

    SingularExtension(TreeSearch tree) {
        this.tree = tree;
    }

    /**
     * Takes the least depth (0: off; below 4 counts as 4, where the test's search of (depth − 1) /
     * 2 plies would be a quiescence search that cannot leave a move out).
     */
    void setMinDepth(int singularMinDepth) {
        minDepth = singularMinDepth == 0 ? Integer.MAX_VALUE : Math.max(4, singularMinDepth);
    }

    /**
     * Whether a node below the root, not itself a test, tests its hash move: deep enough, and the
     * table's lower bound for the move nearly as deep (at most three plies shallower), not a mate,
     * within the extension limit (twice the iteration's depth).
     */
    boolean applies(int depth, int ply, int rootDepth, long tte, int ttMove, int ttScore) {
        return depth >= minDepth
                && ttMove != Move.NONE
                && (TranspositionTable.bound(tte) & BOUND_LOWER) != 0
                && TranspositionTable.depth(tte) >= depth - 3
                && !isMate(ttScore)
                && ply < 2 * rootDepth;
    }

    /**
     * The bar the alternatives are searched against: two centipawns a ply below the table's score.
     */
    static int bar(int ttScore, int depth) {
        return ttScore - 2 * depth;
    }

    /**
     * The hash move's extension: 1 (singular), −1 (not singular, its bound at or above beta), 0, or
     * {@link #MULTI_CUT}. After an aborted search the result means nothing: the caller checks.
     */
    int extension(int ttMove, int ttScore, int beta, int depth, int ply, boolean cutNode) {
        final int bar = bar(ttScore, depth);
        excludedMove[ply] = ttMove;
        final int v = tree.search(bar - 1, bar, (depth - 1) / 2, ply, cutNode);
        excludedMove[ply] = Move.NONE;
        if (v < bar) {
            return 1;
        }
        if (bar >= beta) {
            return MULTI_CUT;
        }
        return ttScore >= beta ? -1 : 0;
    }
}
