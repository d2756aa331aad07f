package dev.joseki.engine;

import static dev.joseki.engine.Score.MAX_PLY;

import dev.joseki.rules.Exchange;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.SearchMoves;
import java.util.Arrays;

/**
 * The move order of one search thread, node by node, and the statistics it learns from cut-offs
 * (kept apart from the search as Stockfish keeps movepick apart from search).
 *
 * <p>The main search's stages, in order: the hash move; captures and promotions that do not lose
 * material by exchange, by what they win (the victim, then the cheaper attacker) refined by the
 * {@link CaptureHistory}; the two killers; quiet moves by the butterfly history plus the
 * continuation histories of our last two moves; last the captures and promotions that lose material
 * by exchange. Quiet moves are generated only when the tactical moves before them did not cut off;
 * a quiet hash move or a check makes all moves one stage. The quiescence search and ProbCut take
 * captures and promotions (every evasion when in check) by the same scores, without the exchange
 * judgement (they judge it themselves).
 *
 * <p>Invariants: the moves of ply p live in {@code moves[p]}; the moves handed out at ply p so far
 * are {@code moves[p][0 .. next[p])}, in the order handed out, so a cut-off can punish the ones
 * before it. Every array is allocated once; picking allocates nothing.
 */
final class MovePicker {
    /** Order scores below this are captures and promotions that lose material by exchange. */
    static final int LOSING = -(1 << 26);

    private static final int HASH_MOVE = 1 << 30, GOOD_TACTICAL = 1 << 28, KILLER = 1 << 27;

    private final Position pos;
    private final Exchange exchange;

    /** played[ply + 2]: the continuation key of the move made at ply (written by the search). */
    private final int[] played;

    private final int[][] moves = new int[MAX_PLY + 2][MoveGenerator.MAX_MOVES];
    private final int[][] scores = new int[MAX_PLY + 2][MoveGenerator.MAX_MOVES];
    private final int[] count = new int[MAX_PLY + 2];
    private final int[] next = new int[MAX_PLY + 2];
    private final int[] hashMove = new int[MAX_PLY + 2];
    private final boolean[] quietsPending = new boolean[MAX_PLY + 2];

    /** Whether captures and promotions that lose by exchange sort last (the main search). */
    private final boolean[] losingLast = new boolean[MAX_PLY + 2];

    private boolean plausible;

    private final int[] killer1 = new int[MAX_PLY + 2], killer2 = new int[MAX_PLY + 2];
    private final int[] history = new int[2 * 88 * 81];
    private final ContinuationHistory continuation = new ContinuationHistory();
    private final CaptureHistory captureHistory = new CaptureHistory();

    MovePicker(Position pos, Exchange exchange, int[] played) {
        this.pos = pos;
        this.exchange = exchange;
        this.played = played;
    }

    /**
     * A new search: the killers are forgotten, the history aged (the game goes on from a related
     * position).
     */
    void newSearch() {
        Arrays.fill(killer1, 0);
        Arrays.fill(killer2, 0);
        for (int i = 0; i < history.length; i++) {
            history[i] /= 2;
        }
    }

    void clear() {
        Arrays.fill(history, 0);
        continuation.clear();
        captureHistory.clear();
    }

    /** The number of moves of the root position (every legal move, or the plausible ones). */
    int rootMoveCount(boolean plausibleOnly) {
        return SearchMoves.generate(pos, moves[0], 0, false, plausibleOnly);
    }

    /** Starts the main search's moves at ply: one stage when in check or with a quiet hash move. */
    void startMain(int ply, int hashMove16, boolean check, boolean plausibleOnly) {
        final boolean staged = !check && (hashMove16 == Move.NONE || !isQuiet16(hashMove16));
        final int mode = staged ? SearchMoves.TACTICAL : SearchMoves.ALL;
        start(ply, hashMove16, mode, staged, true, plausibleOnly);
    }

    /** Starts ProbCut's moves at ply: captures and promotions. */
    void startProbCut(int ply, int hashMove16, boolean plausibleOnly) {
        start(ply, hashMove16, SearchMoves.TACTICAL, false, false, plausibleOnly);
    }

    /**
     * Starts the quiescence search's moves at ply: captures and promotions, every evasion when in
     * check.
     */
    void startQuiescence(int ply, int hashMove16, boolean plausibleOnly) {
        plausible = plausibleOnly;
        final int n = SearchMoves.generate(pos, moves[ply], 0, true, plausibleOnly);
        begin(ply, hashMove16, n, false, false);
    }

    private void start(
            int ply,
            int hashMove16,
            int mode,
            boolean staged,
            boolean losing,
            boolean plausibleOnly) {
        plausible = plausibleOnly;
        final int n = SearchMoves.generate(pos, moves[ply], 0, mode, plausibleOnly);
        begin(ply, hashMove16, n, staged, losing);
    }

    private void begin(int ply, int hashMove16, int n, boolean staged, boolean losing) {
        count[ply] = n;
        next[ply] = 0;
        hashMove[ply] = hashMove16;
        quietsPending[ply] = staged;
        losingLast[ply] = losing;
        scoreMoves(ply, 0, n);
    }

    /** How many moves ply's node has generated so far (0 after the last stage: no legal move). */
    int generated(int ply) {
        return count[ply];
    }

    /**
     * The next move at ply, or {@link Move#NONE} when none is left. Sorted: the best remaining one;
     * unsorted (late moves about to be pruned need no order): the next in the list.
     */
    int next(int ply, boolean sorted) {
        final int[] list = moves[ply], sc = scores[ply];
        final int i = next[ply];
        if (i == count[ply]) {
            if (!quietsPending[ply]) {
                return Move.NONE;
            }
            generateQuiets(ply);
            if (i == count[ply]) {
                return Move.NONE;
            }
        }
        next[ply] = i + 1;
        if (!sorted) {
            return list[i];
        }
        int m = pick(list, sc, i, count[ply]);
        if (quietsPending[ply] && sc[i] < LOSING) {
            // Only captures and promotions that lose material by exchange are left: the quiet moves
            // come first, then these (they sort below every quiet move).
            generateQuiets(ply);
            m = pick(list, sc, i, count[ply]);
        }
        return m;
    }

    private void generateQuiets(int ply) {
        quietsPending[ply] = false;
        final int from = count[ply];
        count[ply] = SearchMoves.generate(pos, moves[ply], from, SearchMoves.QUIET, plausible);
        scoreMoves(ply, from, count[ply]);
    }

    boolean isKiller(int ply, int m) {
        return m == killer1[ply] || m == killer2[ply];
    }

    /**
     * A quiet move's histories at ply: the butterfly and the continuations of our last two moves,
     * each within ±{@link HistoryGravity#MAX}.
     */
    int quietHistory(int ply, int m) {
        final int key = ContinuationHistory.pieceTo(m);
        return history[historyIndex(m, pos.sideToMove())]
                + continuation.get(played[ply + 1], key)
                + continuation.get(played[ply], key);
    }

    /**
     * A cut-off by m, the move last handed out at ply: the moves handed out before it did not cut
     * off (made or pruned). A quiet m becomes the first killer and rises in the butterfly and
     * continuation histories, the quiet moves before it fall there; a tactical m rises in the
     * capture history, and the tactical moves before it fall there whatever m is.
     */
    void cutoff(int ply, int m, boolean quiet, int depth) {
        final int bonus = HistoryGravity.bonus(depth);
        final int us = pos.sideToMove();
        final int reply = played[ply + 1], followUp = played[ply];
        if (quiet) {
            if (killer1[ply] != m) {
                killer2[ply] = killer1[ply];
                killer1[ply] = m;
            }
            addHistory(historyIndex(m, us), bonus);
            final int key = ContinuationHistory.pieceTo(m);
            continuation.add(reply, key, bonus);
            continuation.add(followUp, key, bonus);
        } else {
            captureHistory.add(m, bonus);
        }
        final int[] list = moves[ply];
        final int tried = next[ply] - 1;
        for (int j = 0; j < tried; j++) {
            final int q = list[j];
            if (Move.captured(q) != 0 || Move.isPromotion(q)) {
                captureHistory.add(q, -bonus);
            } else if (quiet) {
                addHistory(historyIndex(q, us), -bonus);
                final int qk = ContinuationHistory.pieceTo(q);
                continuation.add(reply, qk, -bonus);
                continuation.add(followUp, qk, -bonus);
            }
        }
    }

    private void addHistory(int index, int bonus) {
        history[index] = HistoryGravity.add(history[index], bonus);
    }

    private static int historyIndex(int m, int us) {
        final int from = Move.isDrop(m) ? 80 + Move.dropType(m) : Move.from(m);
        return (us * 88 + from) * 81 + Move.to(m);
    }

    /** True when the hash move (16 bits) is neither a capture nor a promotion here. */
    private boolean isQuiet16(int m16) {
        if ((m16 & (1 << 15)) != 0) {
            return false;
        }
        return (m16 & (1 << 14)) != 0 || pos.pieceOn(m16 & 0x7f) == 0;
    }

    /**
     * Order scores of moves[ply][from .. n): the hash move; captures and promotions by what they
     * win (the victim, then the cheaper attacker); the killers; quiet moves by their histories
     * (within ±3 × {@link HistoryGravity#MAX}). With exchanges judged (the main search), a capture
     * or promotion that loses material by exchange scores below {@link #LOSING}, after every quiet
     * move.
     */
    private void scoreMoves(int ply, int from, int n) {
        final int[] list = moves[ply], sc = scores[ply];
        final int ttMove16 = hashMove[ply];
        final boolean judged = losingLast[ply];
        final int us = pos.sideToMove();
        final int reply = played[ply + 1], followUp = played[ply];
        final int k1 = killer1[ply], k2 = killer2[ply];
        for (int i = from; i < n; i++) {
            final int m = list[i];
            if (ttMove16 != 0 && Move.move16(m) == ttMove16) {
                sc[i] = HASH_MOVE;
            } else if (Move.captured(m) != 0 || Move.isPromotion(m)) {
                // Material first (the victim, then the cheaper attacker), shifted by the capture
                // history by up to about two thirds of a pawn's capture.
                final int order =
                        Material.gain(m) * 16
                                - Piece.type(Move.piece(m))
                                + captureHistory.get(m) / 8;
                sc[i] =
                        judged && !exchange.atLeast(pos, m, 0)
                                ? LOSING - (1 << 24) + order
                                : GOOD_TACTICAL + order;
            } else if (m == k1) {
                sc[i] = KILLER;
            } else if (m == k2) {
                sc[i] = KILLER - 1;
            } else {
                final int key = ContinuationHistory.pieceTo(m);
                sc[i] =
                        history[historyIndex(m, us)]
                                + continuation.get(reply, key)
                                + continuation.get(followUp, key);
            }
        }
    }

    /** Selection step: moves the best remaining move to index i and returns it. */
    private static int pick(int[] list, int[] sc, int i, int n) {
        int bi = i, bs = sc[i];
        for (int j = i + 1; j < n; j++) {
            if (sc[j] > bs) {
                bs = sc[j];
                bi = j;
            }
        }
        if (bi != i) {
            final int m = list[bi];
            list[bi] = list[i];
            list[i] = m;
            sc[bi] = sc[i];
            sc[i] = bs;
        }
        return list[i];
    }
}
