package dev.joseki.engine;

import static dev.joseki.engine.Score.INFINITE;
import static dev.joseki.engine.Score.isMate;

import dev.joseki.rules.Position;

/**
 * One search thread: iterative deepening with aspiration windows over its {@link TreeSearch}, and
 * with MultiPV k (main thread only) k root searches per depth. Holds what the last completed depth
 * found, for the owning {@link Search} to report.
 */
final class SearchWorker implements Runnable {
    final int id;
    private final Search owner;
    private final NodeCounter counter;
    private final TreeSearch tree;

    int completedDepth;
    int bestScore = -INFINITE;

    /** MultiPV: the lines and scores of the last completed depth, best first. */
    int[][] lineMoves = new int[0][];

    int[] lineScores = new int[0];

    SearchWorker(int id, Search owner, Evaluator evaluator, TranspositionTable tt) {
        this.id = id;
        this.owner = owner;
        this.counter = new NodeCounter(id, owner);
        this.tree = new TreeSearch(owner, counter, evaluator, tt);
    }

    /** Prepares a new search from the given root (history included). */
    void reset(Position root, boolean[] checks) {
        tree.reset(root, checks);
        counter.reset();
        completedDepth = 0;
        bestScore = -INFINITE;
    }

    void clearHistory() {
        tree.clearHistory();
    }

    /** The nodes searched so far, as last published (read by other threads). */
    long nodes() {
        return counter.nodes;
    }

    int selDepth() {
        return counter.selDepth;
    }

    /** The best move: of the last completed depth, or of the first line of an unfinished one. */
    int bestMove() {
        return tree.bestMove;
    }

    int[] rootPv() {
        return tree.rootPv;
    }

    @Override
    public void run() {
        iterate();
    }

    /**
     * Iterative deepening until the owner says stop or the depth limit is reached. With MultiPV k
     * (main thread only) each depth searches the root k times, the i-th time excluding the best
     * moves of the first i-1 lines; line 1 uses an aspiration window, the others a full window.
     */
    void iterate() {
        tree.prepareRoot();
        final int maxDepth = owner.maxDepth();
        final int lines = id == 0 ? Math.min(owner.multiPv(), tree.rootMoveCount()) : 1;
        lineMoves = new int[lines][];
        lineScores = new int[lines];
        int previous = 0;
        final int aspirationDelta = owner.tunables().aspirationDelta();
        for (int depth = 1 + (id > 0 ? id & 1 : 0); depth <= maxDepth; depth++) {
            tree.rootDepth = depth;
            counter.selDepth = 0;
            int best0 = tree.bestMove;
            int[] pv0 = tree.rootPv;
            int v0 = 0;
            for (int line = 0; line < lines; line++) {
                tree.excluded.keepFirst(line);
                int delta = aspirationDelta, alpha = -INFINITE, beta = INFINITE;
                if (line == 0 && depth >= 4 && !isMate(previous)) {
                    alpha = Math.max(previous - delta, -INFINITE);
                    beta = Math.min(previous + delta, INFINITE);
                }
                int v;
                while (true) {
                    v = tree.searchRoot(alpha, beta, depth);
                    if (counter.aborted()) {
                        break;
                    }
                    if (v <= alpha) {
                        beta = (alpha + beta) / 2;
                        alpha = Math.max(v - delta, -INFINITE);
                    } else if (v >= beta) {
                        beta = Math.min(v + delta, INFINITE);
                    } else {
                        break;
                    }
                    delta += delta / 2;
                }
                if (line == 0) {
                    best0 = tree.bestMove;
                    pv0 = tree.rootPv;
                    v0 = v;
                }
                if (counter.aborted()) {
                    break;
                }
                tree.excluded.set(line, tree.bestMove);
                lineMoves[line] = tree.rootPv;
                lineScores[line] = v;
            }
            if (lines > 1 && !counter.aborted() && lineMoves[0].length > 0) {
                // A later line's full-window search can score above the first's (search
                // instability): the lines are reported best first, and the best is the move played.
                sortLines();
                best0 = lineMoves[0][0];
                pv0 = lineMoves[0];
                v0 = lineScores[0];
            }
            tree.bestMove = best0;
            tree.rootPv = pv0;
            tree.excluded.keepFirst(0);
            counter.publish();
            if (counter.aborted()) {
                break;
            }
            completedDepth = depth;
            counter.depthCompleted = true;
            previous = v0;
            bestScore = v0;
            if (id == 0 && !owner.iterationDone(this)) {
                break;
            }
        }
        counter.publish();
    }

    /**
     * Orders the lines of a completed depth by score, best first; equal scores keep their order.
     */
    private void sortLines() {
        for (int i = 1; i < lineScores.length; i++) {
            int score = lineScores[i];
            int[] moves = lineMoves[i];
            int j = i;
            for (; j > 0 && lineScores[j - 1] < score; j--) {
                lineScores[j] = lineScores[j - 1];
                lineMoves[j] = lineMoves[j - 1];
            }
            lineScores[j] = score;
            lineMoves[j] = moves;
        }
    }
}
