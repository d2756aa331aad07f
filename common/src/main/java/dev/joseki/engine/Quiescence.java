package dev.joseki.engine;

import static dev.joseki.engine.Score.*;
import static dev.joseki.engine.TranspositionTable.*;

import dev.joseki.engine.mate.MateInOne;
import dev.joseki.rules.Checks;
import dev.joseki.rules.Exchange;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;

/**
 * The quiescence search below a {@link TreeSearch}'s leaves: captures and promotions that do not
 * lose material by exchange (after delta pruning), and every evasion when in check, until the
 * position is quiet. It works on its tree's position, per-ply arrays, evaluator state, table and
 * move picker (the same objects, held in final fields: nothing is copied per node). A node the
 * table has not seen and where standing pat does not cut off first looks for a mate in one by a
 * close check ({@link MateInOne#findClose}).
 */
final class Quiescence {
    private final Search owner;
    private final NodeCounter counter;
    private final Position pos;
    private final Evaluator evaluator;
    private final TranspositionTable tt;
    private final MateInOne mateInOne;
    private final Exchange exchange;
    private final int es;
    private final int[] evalState;
    private final CorrectionHistory correction;
    private final int[] played;
    private final MovePicker picker;
    private final boolean[] inCheck;
    private final PrincipalVariation pv;

    Quiescence(TreeSearch tree) {
        this.owner = tree.owner;
        this.counter = tree.counter;
        this.pos = tree.pos;
        this.evaluator = tree.evaluator;
        this.tt = tree.tt;
        this.mateInOne = tree.mateInOne;
        this.exchange = tree.exchange;
        this.es = tree.es;
        this.evalState = tree.evalState;
        this.correction = tree.correction;
        this.played = tree.played;
        this.picker = tree.picker;
        this.inCheck = tree.inCheck;
        this.pv = tree.pv;
    }

    int search(int alpha, int beta, int ply) {
        final boolean pvNode = beta - alpha > 1;
        pv.clear(ply);
        if (!counter.enter(ply, false)) {
            return 0;
        }
        final boolean check = inCheck[ply];
        if (ply >= MAX_PLY) {
            return check ? 0 : evaluator.evaluate(pos, evalState, ply * es);
        }
        final long key = pos.key();
        final long tte = tt.probe(key);
        int ttMove = Move.NONE;
        if (tte != 0) {
            ttMove = move16(tte);
            final int ttScore = fromTable(score(tte), ply);
            final int b = bound(tte);
            if (!pvNode
                    && (b == BOUND_EXACT
                            || (b == BOUND_LOWER && ttScore >= beta)
                            || (b == BOUND_UPPER && ttScore <= alpha))) {
                return ttScore;
            }
        }
        int best;
        int staticEval = 0, rawEval = 0;
        if (check) {
            best = matedIn(ply);
        } else {
            rawEval = tte != 0 ? eval(tte) : evaluator.evaluate(pos, evalState, ply * es);
            staticEval = correction.correct(pos, rawEval);
            if (staticEval >= beta) {
                if (tte == 0) {
                    tt.store(key, 0, toTable(staticEval, ply), rawEval, 0, BOUND_LOWER);
                }
                return staticEval;
            }
            if (tte == 0) {
                // A node the table has not seen and where standing pat does not cut off: a mate in
                // one by a close check. (Where it cuts off, a mate would only raise a score already
                // at least beta.)
                final int mate = mateInOne.findClose(pos);
                if (mate != Move.NONE) {
                    return mateFound(key, mate, rawEval, 0, ply);
                }
            }
            best = staticEval;
            if (staticEval > alpha) {
                alpha = staticEval;
            }
        }
        picker.startQuiescence(ply, ttMove, owner.plausible());
        if (check && picker.generated(ply) == 0) {
            return matedIn(ply);
        }
        int bestM = Move.NONE;
        for (int m = picker.next(ply, true); m != Move.NONE; m = picker.next(ply, true)) {
            if (!check) {
                // Delta pruning, then skip captures and promotions that lose material by exchange.
                if (staticEval + Material.gain(m) + 200 <= alpha || !exchange.atLeast(pos, m, 0)) {
                    continue;
                }
            }
            played[ply + 2] = ContinuationHistory.pieceTo(m); // for the order of evasions below
            pos.doMove(m);
            inCheck[ply + 1] = Checks.givesCheck(pos, m);
            evaluator.update(pos, m, evalState, ply * es, (ply + 1) * es);
            final int v = -search(-beta, -alpha, ply + 1);
            pos.undoMove(m);
            if (counter.aborted()) {
                return 0;
            }
            if (v > best) {
                best = v;
                if (v > alpha) {
                    bestM = m;
                    pv.update(ply, m);
                    if (v >= beta) {
                        break;
                    }
                    alpha = v;
                }
            }
        }
        tt.store(
                key,
                Move.move16(bestM),
                toTable(best, ply),
                rawEval,
                0,
                best >= beta ? BOUND_LOWER : BOUND_UPPER);
        return best;
    }

    /**
     * A mate in one found at this node: stored as exact, made the node's line, and its score
     * returned.
     */
    int mateFound(long key, int mate, int staticEval, int depth, int ply) {
        final int v = mateIn(ply + 1);
        tt.store(key, Move.move16(mate), toTable(v, ply), staticEval, depth, BOUND_EXACT);
        pv.single(ply, mate);
        return v;
    }
}
