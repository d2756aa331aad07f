package dev.joseki.book.values;

import static dev.joseki.book.values.ValueDepth.DEPTH_MAX;
import static dev.joseki.book.values.ValueDepth.INF;
import static dev.joseki.book.values.ValueDepth.MATE;
import static dev.joseki.book.values.ValueDepth.MAX_PLY;
import static dev.joseki.book.values.ValueDepth.UNKNOWN;

import java.util.Arrays;

/**
 * Min-max back-propagation of engine values over a {@link BookGraph}, with the rules of YaneuraOu's
 * {@code makebook peta_shock} (makebook2025.cpp; the rules are restated here, the code is ours):
 *
 * <ol>
 *   <li>Nodes whose every move leaves the book or leads to an already settled node are settled, one
 *       layer per sweep (at most {@link ValueDepth#MAX_PLY} sweeps): their value is exact, cycles
 *       cannot reach them.
 *   <li>Perpetual-check loops: start from the unsettled nodes whose mover is in check and
 *       repeatedly drop those with no such node two plies ahead; what is left, plus the nodes
 *       between two of them, are the loop nodes.
 *   <li>Unsettled nodes from which neither an evaluated move nor a loop node can be reached are
 *       settled with no value, cycles or not: a count-only part of the book stays unknown instead
 *       of becoming repetition draws (peta_shock never meets this: every move of its input is
 *       valued). An evaluated move into a node with no value is worth its own engine value (depth
 *       0), as a leaf would be.
 *   <li>Every unsettled node starts as a repetition draw (value 0, depth {@link
 *       ValueDepth#DEPTH_MAX}); a loop node starts as a loss for the checking side (−MATE seen from
 *       the checker's move into a node in check, +MATE into the checker's node).
 *   <li>Sweeps update every unsettled, non-loop node in place (a node's value = the best of its
 *       moves, a move into a node = that node's value negated, one ply deeper; depths beyond
 *       MAX_PLY become DEPTH_MAX) until nothing changes (at most MAX_PLY + 100 sweeps); after each
 *       sweep the loop nodes are re-evaluated by a depth-first walk, in which reaching a loop node
 *       again ends the line as a perpetual check lost by the checking side.
 * </ol>
 *
 * A move that nobody evaluated ({@link ValueDepth#UNKNOWN}) takes no part; a node with no known
 * move has no value and its parents ignore the move into it (step 3 makes that hold inside cycles
 * too). (peta_shock reads a missing value column as 0; a book built from games would then call
 * every unevaluated line a draw.) Values are from the mover's point of view; mate scores keep their
 * value and the depth carries their distance (one ply per book move), as in peta_shock.
 *
 * <p>The draw value is fixed at 0. A node stands for a position and its colour-flipped twin, so a
 * value per colour (YaneuraOu's DrawValueBlack/White) has no place in it, and any non-zero value
 * for "the mover at a repeating node" is negated by the very next sweep (the parent of a cycle node
 * is a cycle node of the other side): the fixpoint would depend on the sweep order. peta_shock
 * fixes both colours' draw value at 0 for the same reason ("changing DrawValue is undefined").
 */
public final class Propagation {
    private final BookGraph g;

    /** Per node, its value as its parents see it (negated, one ply deeper), or UNKNOWN. */
    private final int[] vd;

    private final boolean[] settled;
    private final boolean[] checkLoop;
    private int sweeps;

    private Propagation(BookGraph g) {
        this.g = g;
        vd = new int[g.nodes];
        settled = new boolean[g.nodes];
        checkLoop = new boolean[g.nodes];
    }

    public static Propagation run(BookGraph g) {
        Propagation p = new Propagation(g);
        p.settleAcyclic();
        p.findCheckLoops();
        p.settleUninformed();
        p.initCycles();
        p.propagate();
        return p;
    }

    /**
     * The value of move j (of any node) for the node's mover: its child's value, or (a leaf, or a
     * child with no value) its engine value, or UNKNOWN.
     */
    public int moveValue(int move) {
        int t = g.target[move];
        if (t == BookGraph.LEAF || vd[t] == UNKNOWN) {
            return g.leaf[move];
        }
        int v = vd[t];
        // Entering a perpetual-check loop as the checker is never preferred on depth alone.
        return v != UNKNOWN && checkLoop[t] && g.checked[t]
                ? ValueDepth.of(ValueDepth.value(v), ValueDepth.PERPETUAL_CHECK)
                : v;
    }

    /** The best value of a node for its mover (the best of its moves), or UNKNOWN. */
    public int nodeValue(int node) {
        int best = UNKNOWN;
        for (int j = g.firstMove[node], end = g.firstMove[node + 1]; j < end; j++) {
            int v = moveValue(j);
            if (v != UNKNOWN && (best == UNKNOWN || ValueDepth.better(v, best))) {
                best = v;
            }
        }
        return best;
    }

    public boolean inCheckLoop(int node) {
        return checkLoop[node];
    }

    /** Sweeps of step 5 until nothing changed. */
    public int sweeps() {
        return sweeps;
    }

    /**
     * Move j's value from the current child values: the child's, else the move's own engine value.
     */
    private int through(int j) {
        int t = g.target[j];
        return t == BookGraph.LEAF || vd[t] == UNKNOWN ? g.leaf[j] : vd[t];
    }

    /** Best over a node's moves using the current child values (not the check-loop depth mark). */
    private int best(int node) {
        int best = UNKNOWN;
        for (int j = g.firstMove[node], end = g.firstMove[node + 1]; j < end; j++) {
            int v = through(j);
            if (v != UNKNOWN && (best == UNKNOWN || ValueDepth.better(v, best))) {
                best = v;
            }
        }
        return best;
    }

    // Step 3. Breadth-first over the reversed edges from the nodes with an evaluated move and the
    // loop nodes: an unsettled node it does not reach is settled as UNKNOWN (its initial 0 would
    // read as a value).
    private void settleUninformed() {
        int[] revFirst = new int[g.nodes + 1];
        for (int j = 0, m = g.moves(); j < m; j++) {
            if (g.target[j] != BookGraph.LEAF) {
                revFirst[g.target[j] + 1]++;
            }
        }
        for (int i = 0; i < g.nodes; i++) {
            revFirst[i + 1] += revFirst[i];
        }
        int[] parent = new int[revFirst[g.nodes]];
        int[] fill = Arrays.copyOf(revFirst, g.nodes);
        for (int i = 0; i < g.nodes; i++) {
            for (int j = g.firstMove[i], end = g.firstMove[i + 1]; j < end; j++) {
                if (g.target[j] != BookGraph.LEAF) {
                    parent[fill[g.target[j]]++] = i;
                }
            }
        }
        boolean[] informed = new boolean[g.nodes];
        int[] queue = new int[g.nodes];
        int head = 0, tail = 0;
        for (int i = 0; i < g.nodes; i++) {
            for (int j = g.firstMove[i], end = g.firstMove[i + 1]; j < end && !informed[i]; j++) {
                if (g.leaf[j] != UNKNOWN || checkLoop[i]) {
                    informed[i] = true;
                    queue[tail++] = i;
                }
            }
        }
        while (head < tail) {
            int c = queue[head++];
            for (int k = revFirst[c]; k < revFirst[c + 1]; k++) {
                if (!informed[parent[k]]) {
                    informed[parent[k]] = true;
                    queue[tail++] = parent[k];
                }
            }
        }
        for (int i = 0; i < g.nodes; i++) {
            if (!informed[i] && !settled[i]) {
                vd[i] = UNKNOWN;
                settled[i] = true;
            }
        }
    }

    // Step 1. Settle what no cycle can reach, layer by layer, over a shrinking list of open nodes.
    private void settleAcyclic() {
        int[] open = new int[g.nodes];
        int n = g.nodes;
        for (int i = 0; i < n; i++) {
            open[i] = i;
        }
        for (int sweep = 0; sweep < MAX_PLY && n > 0; sweep++) {
            int kept = 0;
            for (int k = 0; k < n; k++) {
                int i = open[k];
                if (childrenSettled(i)) {
                    vd[i] = ValueDepth.forParent(best(i));
                    settled[i] = true;
                } else {
                    open[kept++] = i;
                }
            }
            if (kept == n) {
                break;
            }
            n = kept;
        }
    }

    private boolean childrenSettled(int node) {
        for (int j = g.firstMove[node], end = g.firstMove[node + 1]; j < end; j++) {
            int t = g.target[j];
            if (t != BookGraph.LEAF && !settled[t]) {
                return false;
            }
        }
        return true;
    }

    // Step 2. Perpetual-check loops: nodes in check with a node in check two plies ahead, to a
    // fixpoint.
    private void findCheckLoops() {
        for (int i = 0; i < g.nodes; i++) {
            checkLoop[i] = g.checked[i] && !settled[i];
        }
        for (int sweep = 0; sweep < MAX_PLY; sweep++) {
            boolean changed = false;
            for (int i = 0; i < g.nodes; i++) {
                if (checkLoop[i] && !loopTwoPliesAhead(i, checkLoop)) {
                    checkLoop[i] = false;
                    changed = true;
                }
            }
            if (!changed) {
                break;
            }
        }
        // The checking side's nodes between two loop nodes belong to the loop too.
        boolean[] inCheckLoop = Arrays.copyOf(checkLoop, g.nodes);
        for (int i = 0; i < g.nodes; i++) {
            if (!inCheckLoop[i]) {
                continue;
            }
            for (int j = g.firstMove[i], end = g.firstMove[i + 1]; j < end; j++) {
                int c = g.target[j];
                if (c != BookGraph.LEAF && loopOneMoveAhead(c, inCheckLoop)) {
                    checkLoop[c] = true;
                }
            }
        }
    }

    private boolean loopTwoPliesAhead(int node, boolean[] loop) {
        for (int j = g.firstMove[node], end = g.firstMove[node + 1]; j < end; j++) {
            int c = g.target[j];
            if (c != BookGraph.LEAF && loopOneMoveAhead(c, loop)) {
                return true;
            }
        }
        return false;
    }

    private boolean loopOneMoveAhead(int node, boolean[] loop) {
        for (int j = g.firstMove[node], end = g.firstMove[node + 1]; j < end; j++) {
            int c = g.target[j];
            if (c != BookGraph.LEAF && loop[c]) {
                return true;
            }
        }
        return false;
    }

    // Step 4. Unsettled nodes start as repetition draws; loop nodes as perpetual checks.
    private void initCycles() {
        for (int i = 0; i < g.nodes; i++) {
            if (!settled[i]) {
                int v = checkLoop[i] ? (g.checked[i] ? -MATE : MATE) : 0;
                vd[i] = ValueDepth.of(v, DEPTH_MAX);
            }
        }
    }

    // Step 5. Sweep to a fixpoint, then walk the loops.
    private void propagate() {
        boolean[] onPath = new boolean[g.nodes];
        for (sweeps = 1; sweeps <= MAX_PLY + 100; sweeps++) {
            long changed = 0;
            for (int i = 0; i < g.nodes; i++) {
                if (settled[i] || checkLoop[i]) {
                    continue;
                }
                int b = ValueDepth.forParent(best(i));
                if (b != UNKNOWN && ValueDepth.depth(b) > MAX_PLY) {
                    b = ValueDepth.of(ValueDepth.value(b), DEPTH_MAX);
                }
                if (b != vd[i]) {
                    changed++;
                    vd[i] = b;
                }
            }
            for (int i = 0; i < g.nodes; i++) {
                if (checkLoop[i]) {
                    vd[i] = walkLoop(i, onPath);
                }
            }
            if (changed == 0) {
                break;
            }
        }
    }

    /** The node's value for its parent, following loop nodes depth-first (loops are small). */
    private int walkLoop(int node, boolean[] onPath) {
        if (!checkLoop[node]) {
            return vd[node];
        }
        if (onPath[node]) {
            // The position repeats under continuous check: the checking side loses.
            return g.checked[node]
                    ? ValueDepth.of(-MATE, ValueDepth.PERPETUAL_CHECK)
                    : ValueDepth.of(MATE, ValueDepth.PERPETUAL_CHECKED);
        }
        onPath[node] = true;
        int best = ValueDepth.of(-INF, 0);
        for (int j = g.firstMove[node], end = g.firstMove[node + 1]; j < end; j++) {
            int t = g.target[j];
            int v = t == BookGraph.LEAF ? g.leaf[j] : walkLoop(t, onPath);
            if (v == UNKNOWN && t != BookGraph.LEAF) {
                v = g.leaf[j];
            }
            if (v != UNKNOWN && ValueDepth.better(v, best)) {
                best = v;
            }
        }
        onPath[node] = false;
        return ValueDepth.forParent(best);
    }
}
