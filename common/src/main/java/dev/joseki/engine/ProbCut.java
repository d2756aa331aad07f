package dev.joseki.engine;

import static dev.joseki.engine.Score.*;
import static dev.joseki.engine.TranspositionTable.*;

import dev.joseki.rules.Checks;
import dev.joseki.rules.Exchange;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;

/**
 * ProbCut, Step 3b of a {@link TreeSearch} node: at a non-PV node, a capture or promotion that wins
 * enough by exchange and holds a bar well above beta in a search four plies shallower makes a
 * cut-off likely. It works on its tree's position, per-ply arrays, evaluator state, table and move
 * picker (the same objects, held in final fields), and searches below itself through the tree and
 * its quiescence search.
 */
final class ProbCut {
    private final TreeSearch tree;
    private final Quiescence quiescence;
    private final Search owner;
    private final NodeCounter counter;
    private final Position pos;
    private final Evaluator evaluator;
    private final TranspositionTable tt;
    private final Exchange exchange;
    private final int es;
    private final int[] evalState;
    private final int[] played;
    private final MovePicker picker;
    private final boolean[] inCheck;
    private final int[] sinceNull;

    ProbCut(TreeSearch tree, Quiescence quiescence) {
        this.tree = tree;
        this.quiescence = quiescence;
        this.owner = tree.owner;
        this.counter = tree.counter;
        this.pos = tree.pos;
        this.evaluator = tree.evaluator;
        this.tt = tree.tt;
        this.exchange = tree.exchange;
        this.es = tree.es;
        this.evalState = tree.evalState;
        this.played = tree.played;
        this.picker = tree.picker;
        this.inCheck = tree.inCheck;
        this.sinceNull = tree.sinceNull;
    }

    /**
     * The captures and promotions that win at least probCutBeta − staticEval by exchange, best
     * victim first; each is checked by a quiescence search, then searched four plies shallower
     * against probCutBeta. Returns the first score at or above probCutBeta that is not a mate
     * (stored as a lower bound), else Integer.MIN_VALUE.
     */
    int search(
            int probCutBeta,
            int staticEval,
            int rawEval,
            int depth,
            int ply,
            int ttMove,
            long key,
            boolean cutNode) {
        picker.startProbCut(ply, ttMove, owner.plausible());
        final int threshold = probCutBeta - staticEval;
        for (int m = picker.next(ply, true); m != Move.NONE; m = picker.next(ply, true)) {
            if (!exchange.atLeast(pos, m, threshold)) {
                continue;
            }
            played[ply + 2] = ContinuationHistory.pieceTo(m);
            pos.doMove(m);
            inCheck[ply + 1] = Checks.givesCheck(pos, m);
            sinceNull[ply + 1] = sinceNull[ply] + 1;
            evaluator.update(pos, m, evalState, ply * es, (ply + 1) * es);
            int v = -quiescence.search(-probCutBeta, -probCutBeta + 1, ply + 1);
            if (v >= probCutBeta && depth - 4 > 0 && !counter.aborted()) {
                v = -tree.search(-probCutBeta, -probCutBeta + 1, depth - 4, ply + 1, !cutNode);
            }
            pos.undoMove(m);
            if (counter.aborted()) {
                return Integer.MIN_VALUE;
            }
            if (v >= probCutBeta && !isMate(v)) {
                tt.store(key, Move.move16(m), toTable(v, ply), rawEval, depth - 3, BOUND_LOWER);
                return v;
            }
        }
        return Integer.MIN_VALUE;
    }
}
