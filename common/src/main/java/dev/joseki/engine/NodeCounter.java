package dev.joseki.engine;

/**
 * One search thread's node count and the checks that stop it: the owner's stop flag, its node limit
 * and (main thread) its clock.
 */
final class NodeCounter {
    private final int id;
    private final Search owner;

    /**
     * The count as last published (read by other threads): every 1,024 main-search nodes and by
     * {@link #publish}.
     */
    volatile long nodes;

    private long local;

    /** The deepest ply reached in the current iteration. */
    int selDepth;

    /**
     * Whether the worker has completed an iteration (before that, only a helper thread may stop).
     */
    boolean depthCompleted;

    NodeCounter(int id, Search owner) {
        this.id = id;
        this.owner = owner;
    }

    void reset() {
        nodes = 0;
        local = 0;
        selDepth = 0;
        depthCompleted = false;
    }

    /**
     * Counts a node at ply, or asks every thread to stop and returns false when the search must
     * stop. The node limit is tested before the node is counted: once it is reached, the calls that
     * the parents still make (re-searches) return at once without counting, so the limit holds
     * exactly. With {@code publish} (main-search nodes) the count is published, and the main thread
     * checks its clock, every 1,024 nodes.
     */
    boolean enter(int ply, boolean publish) {
        if (aborted() || (owner.nodeLimitReached(local, id) && depthCompleted)) {
            owner.requestStop();
            return false;
        }
        local++;
        if (publish && (local & 1023) == 0) {
            nodes = local;
            if (id == 0) {
                owner.checkLimits();
            }
        }
        if (ply > selDepth) {
            selDepth = ply;
        }
        return true;
    }

    /**
     * Whether to abandon the current iteration. The main thread always completes depth 1, so that
     * even an immediate stop (or a tiny node or time budget) yields a searched move.
     */
    boolean aborted() {
        return (id > 0 || depthCompleted) && owner.stopped();
    }

    void publish() {
        nodes = local;
    }
}
