package dev.joseki.engine;

/**
 * Search margins an SPSA tune may move (the built-in engine's hidden Tune* options), and the least
 * depths of two search features that are off (0) until an SPRT accepts them. The defaults are the
 * constants the search was written with: with them a search is node for node what it was before
 * they could be changed (the bench signature checks it). Read once per search into the workers' int
 * fields, never per node.
 *
 * @param futilityBase futility pruning of a quiet move: eval + base + perDepth·depth ≤ alpha
 * @param futilityPerDepth the same margin's growth per ply of (reduced) depth
 * @param reverseFutilityPerDepth a node whose eval − this·depth still reaches beta returns eval
 * @param nullMoveBase the null move's fixed reduction, before depth/3 and the eval term
 * @param aspirationDelta the first half-width of the root's aspiration window, in centipawns
 * @param singularMinDepth the least depth at which a hash move is tested for a singular extension
 *     (0: never; below 4 counts as 4, where the test's search of (depth − 1) / 2 plies is no
 *     quiescence search)
 * @param iirMinDepth the least depth at which a PV or cut node without a hash move is searched a
 *     ply shallower, internal iterative reduction (0: never; 1 counts as 2, so that a reduced node
 *     never searches its moves at depth 0)
 */
public record SearchTunables(
        int futilityBase,
        int futilityPerDepth,
        int reverseFutilityPerDepth,
        int nullMoveBase,
        int aspirationDelta,
        int singularMinDepth,
        int iirMinDepth) {
    public static final SearchTunables DEFAULT = new SearchTunables(100, 100, 80, 3, 25, 0, 0);

    public SearchTunables {
        if (nullMoveBase < 1 || aspirationDelta < 1) {
            throw new IllegalArgumentException(
                    "the null-move reduction and the aspiration window must be at least 1");
        }
    }
}
