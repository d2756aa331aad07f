package dev.joseki.engine;

/**
 * Search margins an SPSA tune may move (the built-in engine's hidden Tune* options). The defaults
 * are the constants the search was written with: with them a search is node for node what it was
 * before they could be changed (the bench signature checks it). Read once per search into the
 * workers' int fields, never per node.
 *
 * @param futilityBase futility pruning of a quiet move: eval + base + perDepth·depth ≤ alpha
 * @param futilityPerDepth the same margin's growth per ply of (reduced) depth
 * @param reverseFutilityPerDepth a node whose eval − this·depth still reaches beta returns eval
 * @param nullMoveBase the null move's fixed reduction, before depth/3 and the eval term
 * @param aspirationDelta the first half-width of the root's aspiration window, in centipawns
 */
public record SearchTunables(
        int futilityBase,
        int futilityPerDepth,
        int reverseFutilityPerDepth,
        int nullMoveBase,
        int aspirationDelta) {
    public static final SearchTunables DEFAULT = new SearchTunables(100, 100, 80, 3, 25);

    public SearchTunables {
        if (nullMoveBase < 1 || aspirationDelta < 1) {
            throw new IllegalArgumentException(
                    "the null-move reduction and the aspiration window must be at least 1");
        }
    }
}
