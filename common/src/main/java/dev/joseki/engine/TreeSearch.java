package dev.joseki.engine;

import static dev.joseki.engine.Score.*;
import static dev.joseki.engine.TranspositionTable.*;

import dev.joseki.engine.mate.MateInOne;
import dev.joseki.rules.Checks;
import dev.joseki.rules.Exchange;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;

/**
 * The search of one thread's tree below the root: a principal variation search to a given depth,
 * its quiescence search, and the root's results (best move, line) as they are found. The {@link
 * SearchWorker} drives it depth by depth. Every array is allocated once per thread; the search
 * allocates nothing.
 *
 * <p>At each interior node, in order: (1) stop/limit check, repetition and perpetual check in the
 * tree, mate-distance pruning; (2) transposition table probe (cut-off at non-PV nodes); (3) static
 * eval corrected by the {@link CorrectionHistory} (and the table's score where its bound refines
 * it), razoring (a non-PV node whose eval lies below alpha by more than 500 + 300·depth² goes to
 * the quiescence search), reverse futility (to depth 8, 80 a ply), mate-in-1 detection (at nodes
 * the table has not seen), null-move pruning (reduced by 3 + depth/3 + min((eval − beta)/200, 3)
 * plies), {@link ProbCut}; when their least depths are set ({@link SearchTunables}), the hash
 * move's {@link SingularExtension} test and the internal reduction of a PV or cut node without a
 * hash move; (4) legal move generation (limited plausible moves when enabled) and ordering by the
 * {@link MovePicker}; (5) the move loop with extensions of checks that keep their piece, futility,
 * move-count (halved where the eval fell since our last move) and history pruning of quiet
 * non-checking moves, exchange (SEE) pruning of non-checking moves at shallow depth (for a quiet
 * move: after its reduction), late-move reductions ({@link Reductions}) and PVS re-searches; (6)
 * the picker's killer, history and capture history update; (7) correction history update and table
 * store. Leaves go to the {@link Quiescence} search, which shares this tree's position, arrays and
 * table (the fields it reads are package-private for it).
 */
final class TreeSearch {
    final Search owner;
    final NodeCounter counter;
    final Position pos = new Position();
    final Evaluator evaluator;
    final TranspositionTable tt;
    final MateInOne mateInOne = new MateInOne();
    final Exchange exchange = new Exchange(Material.exchangeValues());

    private final Quiescence quiescence;
    private final ProbCut probCut;

    /** The evaluator's incremental state, stateSize ints per ply. */
    final int es;

    final int[] evalState;

    final CorrectionHistory correction = new CorrectionHistory();

    /**
     * played[ply + 2]: the continuation key of the move made at ply (NONE for a null move or before
     * the root).
     */
    final int[] played = new int[MAX_PLY + 4];

    final MovePicker picker = new MovePicker(pos, exchange, played);
    final boolean[] inCheck = new boolean[MAX_PLY + 2];
    final int[] sinceNull = new int[MAX_PLY + 2];

    /**
     * staticEvals[ply]: the static eval of the main-search node at ply (-INFINITE when in check).
     */
    private final int[] staticEvals = new int[MAX_PLY + 2];

    private final Repetitions repetitions = new Repetitions(pos, inCheck, sinceNull);
    final PrincipalVariation pv = new PrincipalVariation();

    /** MultiPV: the root moves of the lines already found at this depth, not searched again. */
    final RootExclusions excluded = new RootExclusions();

    /** The depth of the current iteration (checks are extended up to twice as deep). */
    int rootDepth;

    /**
     * The root's best move and line so far (kept from one root search to the next unless improved).
     */
    int bestMove = Move.NONE;

    int[] rootPv = new int[0];

    /** The owner's {@link SearchTunables}, copied at {@link #reset}: primitives on the hot path. */
    private int futilityBase, futilityPerDepth, reverseFutilityPerDepth, nullMoveBase;

    /** The internal reduction's least depth (MAX_VALUE: off). */
    private int iirMinDepth;

    private final SingularExtension singular = new SingularExtension(this);

    TreeSearch(Search owner, NodeCounter counter, Evaluator evaluator, TranspositionTable tt) {
        this.owner = owner;
        this.counter = counter;
        this.evaluator = evaluator;
        this.tt = tt;
        this.es = evaluator.stateSize();
        this.evalState = new int[(MAX_PLY + 3) * Math.max(es, 1)];
        this.quiescence = new Quiescence(this);
        this.probCut = new ProbCut(this, quiescence);
    }

    /** Prepares a new search from the given root (history included). */
    void reset(Position root, boolean[] checks) {
        SearchTunables t = owner.tunables();
        futilityBase = t.futilityBase();
        futilityPerDepth = t.futilityPerDepth();
        reverseFutilityPerDepth = t.reverseFutilityPerDepth();
        nullMoveBase = t.nullMoveBase();
        singular.setMinDepth(t.singularMinDepth());
        iirMinDepth = t.iirMinDepth() == 0 ? Integer.MAX_VALUE : Math.max(2, t.iirMinDepth());
        pos.copyFrom(root);
        repetitions.newRoot(checks, root.historyLength());
        bestMove = Move.NONE;
        rootPv = new int[0];
        played[0] = ContinuationHistory.NONE;
        played[1] = ContinuationHistory.NONE;
        picker.newSearch();
    }

    void clearHistory() {
        picker.clear();
        correction.clear();
    }

    /** The root's state before its first search. */
    void prepareRoot() {
        inCheck[0] = pos.inCheck();
        sinceNull[0] = 1 << 20;
        evaluator.refresh(pos, evalState, 0);
    }

    int rootMoveCount() {
        return picker.rootMoveCount(owner.plausible());
    }

    // ---------------------------------------------------------------- main search

    /**
     * Searches the root to depth within (alpha, beta); the root's best move and line are updated as
     * found.
     */
    int searchRoot(int alpha, int beta, int depth) {
        return search(alpha, beta, depth, 0, false);
    }

    int search(int alpha, int beta, int depth, int ply, boolean cutNode) {
        if (depth <= 0) {
            return quiescence.search(alpha, beta, ply);
        }
        final boolean pvNode = beta - alpha > 1;
        final boolean root = ply == 0;
        pv.clear(ply);
        if (!counter.enter(ply, true)) {
            return 0;
        }

        // Step 1. Repetition, perpetual check, mate-distance pruning.
        if (!root) {
            final int rep = repetitions.score(ply);
            if (rep != Integer.MIN_VALUE) {
                return rep;
            }
            if (ply >= MAX_PLY) {
                return inCheck[ply] ? 0 : evaluator.evaluate(pos, evalState, ply * es);
            }
            alpha = Math.max(alpha, matedIn(ply));
            beta = Math.min(beta, mateIn(ply + 1));
            if (alpha >= beta) {
                return alpha;
            }
        }
        final boolean check = inCheck[ply];
        final long key = pos.key();
        final int excluded16 = singular.excludedMove[ply];
        final boolean singularTest = excluded16 != Move.NONE;

        // Step 2. Transposition table.
        final long tte = singularTest ? 0 : tt.probe(key);
        int ttMove = Move.NONE, ttScore = 0, ttBound = 0;
        if (tte != 0) {
            final int m16 = move16(tte);
            ttMove = m16 == 0 ? Move.NONE : m16;
            ttScore = fromTable(score(tte), ply);
            ttBound = bound(tte);
            if (!pvNode
                    && depth(tte) >= depth
                    && (ttBound == BOUND_EXACT
                            || (ttBound == BOUND_LOWER && ttScore >= beta)
                            || (ttBound == BOUND_UPPER && ttScore <= alpha))) {
                return ttScore;
            }
        }

        // Step 3. Static eval, reverse futility, mate in 1, null move. The pruning judges the
        // table's score where its bound says the position is better (lower bound) or worse (upper
        // bound) than the static eval; the table keeps the static eval itself. The table keeps the
        // raw eval; the search judges it corrected by the correction history.
        final int rawEval =
                check ? 0 : tte != 0 ? eval(tte) : evaluator.evaluate(pos, evalState, ply * es);
        final int staticEval = check ? -INFINITE : correction.correct(pos, rawEval);
        final int refined =
                !check
                                && tte != 0
                                && !isMate(ttScore)
                                && (ttBound == BOUND_EXACT
                                        || (ttBound == BOUND_LOWER && ttScore > staticEval)
                                        || (ttBound == BOUND_UPPER && ttScore < staticEval))
                        ? ttScore
                        : staticEval;
        staticEvals[ply] = staticEval;
        // Improving: the eval rose since our last move (two plies back); a node whose eval fell
        // prunes harder. After a check two plies back (no eval) the node counts as improving.
        final boolean improving = !check && (ply < 2 || staticEval > staticEvals[ply - 2]);
        // Razoring: a node whose eval lies far below alpha is settled by the quiescence search.
        if (!pvNode && !check && !singularTest && refined < alpha - 500 - 300 * depth * depth) {
            return quiescence.search(alpha, beta, ply);
        }
        if (!pvNode
                && !check
                && depth <= 8
                && refined - reverseFutilityPerDepth * depth >= beta
                && !isMate(beta)) {
            return refined;
        }
        if (!check && !root && tte == 0 && !singularTest) {
            final int mate = mateInOne.find(pos, false);
            if (mate != Move.NONE) {
                return quiescence.mateFound(key, mate, rawEval, depth, ply);
            }
        }
        if (!pvNode
                && !check
                && !root
                && !singularTest
                && depth >= 2
                && refined >= beta
                && sinceNull[ply] > 1
                && !isMate(beta)) {
            final int r = nullMoveBase + depth / 3 + Math.min((refined - beta) / 200, 3);
            pos.doNullMove();
            played[ply + 2] = ContinuationHistory.NONE;
            System.arraycopy(evalState, ply * es, evalState, (ply + 1) * es, es);
            inCheck[ply + 1] = false;
            sinceNull[ply + 1] = 0;
            final int v = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, !cutNode);
            pos.undoNullMove();
            if (counter.aborted()) {
                return 0;
            }
            if (v >= beta) {
                return v >= MATE_IN_MAX_PLY ? beta : v;
            }
        }

        // Step 3b. ProbCut: at a non-PV node, a capture or promotion that wins enough by exchange
        // and holds a bar well above beta in a search four plies shallower makes a cut-off likely;
        // the table's score, when below the bar, says not to try. Then a table's lower bound far
        // above beta, nearly as deep.
        if (!pvNode && !check && !root && !singularTest && depth >= 3 && !isMate(beta)) {
            final int probCutBeta = beta + 250 - (improving ? 70 : 0);
            if (tte == 0 || isMate(ttScore) || ttScore >= probCutBeta) {
                final int v =
                        probCut.search(
                                probCutBeta, staticEval, rawEval, depth, ply, ttMove, key, cutNode);
                if (v != Integer.MIN_VALUE) {
                    return v - (probCutBeta - beta);
                }
                if (counter.aborted()) {
                    return 0;
                }
            }
        }
        if (!pvNode
                && tte != 0
                && (ttBound & BOUND_LOWER) != 0
                && depth(tte) >= depth - 4
                && ttScore >= beta + 460
                && !isMate(beta)
                && !isMate(ttScore)) {
            return beta + 460;
        }

        // Step 3c. Singular extension (SingularExtension); it searches this node at this ply, so
        // it runs before the move picker fills this ply's list.
        int singularExt = 0;
        if (!root
                && !singularTest
                && singular.applies(depth, ply, rootDepth, tte, ttMove, ttScore)) {
            singularExt = singular.extension(ttMove, ttScore, beta, depth, ply, cutNode);
            if (counter.aborted()) {
                return 0;
            }
            if (singularExt == SingularExtension.MULTI_CUT) {
                return SingularExtension.bar(ttScore, depth);
            }
        }
        // Internal iterative reduction: a PV or cut node the table knows no move for is likely
        // mis-ordered; searched a ply shallower it costs less, and fills the table for a re-search.
        if (!root
                && !singularTest
                && depth >= iirMinDepth
                && ttMove == Move.NONE
                && (pvNode || cutNode)) {
            depth--;
        }

        // Step 4. Moves and their order (MovePicker): captures and promotions first, quiet moves
        // generated only when no tactical move cut off; a quiet hash move (or a check) makes it one
        // stage.
        picker.startMain(ply, ttMove, check, owner.plausible());

        // Step 5. The move loop.
        final int us = pos.sideToMove();
        int best = -INFINITE, bestM = Move.NONE, moveCount = 0;
        final int oldAlpha = alpha;
        final int enemyKing = pos.kingSquare(us ^ 1);
        final boolean mayPrune = !root && !pvNode && !check;
        // Move-count pruning at every depth: a deep node reaches the limit only with a long list of
        // moves;
        // a node whose eval fell since our last move reaches it at half the count.
        final int lateLimit = (3 + depth * depth) / (improving ? 1 : 2);
        while (true) {
            // Once quiet moves are being pruned, the rest need no ordering.
            final boolean late = mayPrune && moveCount >= lateLimit;
            final int m = picker.next(ply, !late);
            if (m == Move.NONE) {
                break;
            }
            if (root && excluded.contains(m)) {
                continue;
            }
            if (singularTest && Move.move16(m) == excluded16) {
                continue;
            }
            final boolean quiet = Move.captured(m) == 0 && !Move.isPromotion(m);
            moveCount++;
            // A quiet move is judged at the depth its late-move reduction would leave it (the
            // table's reduction for this depth and move number), as the strongest engines prune: a
            // late quiet move of a deep node is as futile as an early one of a shallow node.
            final int pruneDepth = quiet ? depth - Reductions.of(depth, moveCount) : depth;
            final int key2 = ContinuationHistory.pieceTo(m);
            // A quiet move's histories: the butterfly and the continuations of our last two moves,
            // each in ±HistoryGravity.MAX. They prune the move and set its reduction. A late move
            // once some move scored above a mate needs neither (it is pruned, or searched as a
            // check, which is not reduced), so its three reads are skipped.
            final boolean lateAndPrunable = late && best > -MATE_IN_MAX_PLY;
            final int hist = quiet && !lateAndPrunable ? picker.quietHistory(ply, m) : 0;
            // History pruning: at the last plies a quiet move (not a killer) whose histories say it
            // failed far more often than it cut off is not tried, the bar rising by an eighth of a
            // full history a ply.
            final boolean prunable =
                    mayPrune
                            && quiet
                            && best > -MATE_IN_MAX_PLY
                            && (late
                                    || (pruneDepth <= 6
                                            && refined
                                                            + futilityBase
                                                            + futilityPerDepth * pruneDepth
                                                    <= alpha)
                                    || (pruneDepth <= 3
                                            && hist < -(HistoryGravity.MAX / 8) * (depth - 1)
                                            && !picker.isKiller(ply, m)));
            final boolean mayCheck = enemyKing < 0 || Checks.mayCheck(m, enemyKing);
            if (prunable && !mayCheck) {
                continue; // late-move or futility pruning of a quiet move that cannot check
            }
            // Shallow nodes skip moves that cannot check and lose material on their square by
            // exchange: captures beyond 150 per ply of depth, quiet moves beyond 25 per ply
            // squared.
            if (mayPrune
                    && pruneDepth <= 6
                    && !mayCheck
                    && best > -MATE_IN_MAX_PLY
                    && !exchange.atLeast(
                            pos, m, quiet ? -25 * pruneDepth * pruneDepth : -150 * depth)) {
                continue;
            }
            // A check that loses the checking piece by exchange is not extended (shogi's drops make
            // such checks common, and extending every one of them starves the rest of the tree).
            // The check and the exchange are judged before the move is made, the exchange only for
            // a check where an extension may still apply; a prunable move that does not check is
            // never made.
            final boolean givesCheck = mayCheck && Checks.willGiveCheck(pos, m);
            if (prunable && !givesCheck) {
                continue;
            }
            final boolean extendable = ply < 2 * rootDepth;
            final boolean soundCheck = extendable && givesCheck && exchange.atLeast(pos, m, 0);
            played[ply + 2] = key2;
            pos.doMove(m);
            inCheck[ply + 1] = givesCheck;
            sinceNull[ply + 1] = sinceNull[ply] + 1;
            evaluator.update(pos, m, evalState, ply * es, (ply + 1) * es);
            final int checkExt = givesCheck && soundCheck ? 1 : 0;
            final int ext =
                    singularExt != 0 && Move.move16(m) == ttMove
                            ? Math.max(-1, Math.min(1, checkExt + singularExt))
                            : checkExt;
            final int newDepth = depth - 1 + ext;
            // A root move's book bonus: search it against the window shifted down by the bonus,
            // then add it.
            final int bonus = root ? owner.rootBonus(m) : 0;
            alpha -= bonus;
            beta -= bonus;
            int v;
            if (moveCount == 1) {
                v = -search(-beta, -alpha, newDepth, ply + 1, false);
            } else {
                int r = 0;
                if (depth >= 3 && moveCount > 3 && quiet && !check && !givesCheck) {
                    r = Reductions.of(depth, moveCount);
                    if (pvNode) {
                        r--;
                    }
                    if (cutNode) {
                        r++;
                    }
                    if (picker.isKiller(ply, m)) {
                        r--;
                    }
                    // Each history lies in ±HistoryGravity.MAX: a move whose butterfly and
                    // continuation histories together stand above one full history is reduced a ply
                    // less per full history, one that failed as often a ply more.
                    r -= hist / HistoryGravity.MAX;
                    r = Math.max(0, Math.min(r, newDepth - 1));
                }
                v = -search(-alpha - 1, -alpha, newDepth - r, ply + 1, true);
                if (v > alpha && r > 0) {
                    v = -search(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
                }
                if (v > alpha && v < beta) {
                    v = -search(-beta, -alpha, newDepth, ply + 1, false);
                }
            }
            alpha += bonus;
            beta += bonus;
            v += bonus;
            pos.undoMove(m);
            if (counter.aborted()) {
                return 0;
            }
            if (v > best) {
                best = v;
                if (v > alpha) {
                    bestM = m;
                    pv.update(ply, m);
                    if (root) {
                        bestMove = m;
                        rootPv = pv.root();
                    }
                    if (v >= beta) {
                        picker.cutoff(ply, m, quiet, depth);
                        break;
                    }
                    alpha = v;
                }
            }
        }
        if (picker.generated(ply) == 0) {
            return matedIn(ply); // shogi has no stalemate: no legal move loses
        }
        if (best == -INFINITE) {
            // Every move was pruned: fail low.
            best = alpha;
        }
        final int b =
                best >= beta ? BOUND_LOWER : pvNode && best > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
        // Step 7. The correction history learns the static eval's error where the bound shows its
        // direction: a result above the eval from a move that raised alpha, or below it when none
        // did; not after a capture (the eval's error there is the exchange's, not the position's).
        if (singularTest) {
            return best;
        }
        if (!check
                && (bestM == Move.NONE || Move.captured(bestM) == 0)
                && !isMate(best)
                && (best > staticEval) == (bestM != Move.NONE)) {
            correction.update(pos, best, staticEval, depth, bestM != Move.NONE);
        }
        tt.store(key, Move.move16(bestM), toTable(best, ply), rawEval, depth, b);
        return best;
    }
}
