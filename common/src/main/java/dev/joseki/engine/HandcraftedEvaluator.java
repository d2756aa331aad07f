package dev.joseki.engine;

import static dev.joseki.rules.Piece.*;

import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * The default evaluation: material ({@link Material}) plus positional terms, all computed in one pass
 * over the 81 squares with table look-ups only.
 * <ol>
 *   <li>Piece-square: by relative rank (1 = the opponent's back rank) and distance from the centre file.
 *       The king prefers its own two back ranks and the wings; pawns and generals gain a little for
 *       advancing; knights like ranks 3-5 where they jump into the enemy camp.</li>
 *   <li>Pieces near each king: every non-king piece adds an attack bonus by its Chebyshev distance to the
 *       enemy king and a defence bonus by its distance to its own king, weighted by type (golds and
 *       silvers defend, promoted pieces and dragons/horses attack).</li>
 *   <li>King safety: the fewer golds and silvers stand within two squares of a king, the more the
 *       opponent's hand pieces (which can be dropped next to it) count against that king.</li>
 *   <li>Development: a silver or a knight still on its home rank costs a little.</li>
 * </ol>
 * Every term depends only on relative ranks, file distance from the centre and piece distances, so the
 * evaluation is exactly side-symmetric (tested).
 */
public final class HandcraftedEvaluator implements Evaluator {
    private static final int[] PST = new int[2 * TYPE_NB * Square.NB];
    private static final byte[] DIST = new byte[Square.NB * Square.NB];
    /** ATTACK[type * 9 + d], DEFENCE[type * 9 + d] for Chebyshev distance d = 1..8. */
    private static final int[] ATTACK = new int[TYPE_NB * 9];
    private static final int[] DEFENCE = new int[TYPE_NB * 9];
    /** How much one hand piece of the attacker weighs against a king short of defenders. */
    private static final int[] HAND_THREAT = {0, 2, 3, 4, 6, 6, 8, 6};

    static {
        // Step 1. Piece-square tables from relative rank rr (1..9) and centre distance cd (0..4).
        for (int c = 0; c < 2; c++) {
            for (int t = 1; t < TYPE_NB; t++) {
                for (int sq = 0; sq < Square.NB; sq++) {
                    int rr = Square.relativeRank(c, sq), cd = Math.abs(Square.file(sq) - 5);
                    PST[(c * TYPE_NB + t) * Square.NB + sq] = pst(t, rr, cd);
                }
            }
        }
        for (int a = 0; a < Square.NB; a++) {
            for (int b = 0; b < Square.NB; b++) {
                DIST[a * Square.NB + b] = (byte) Math.max(Math.abs(Square.file(a) - Square.file(b)),
                        Math.abs(Square.rank(a) - Square.rank(b)));
            }
        }
        // Step 2. Proximity weights (percent) and distance curves.
        int[] attackWeight = {0, 25, 25, 50, 90, 60, 60, 100, 0, 100, 100, 100, 100, 120, 120};
        int[] defenceWeight = {0, 20, 10, 20, 90, 30, 30, 100, 0, 60, 60, 60, 60, 80, 60};
        int[] attackCurve = {0, 45, 30, 16, 6, 2, 0, 0, 0};
        int[] defenceCurve = {0, 35, 22, 8, 2, 0, 0, 0, 0};
        for (int t = 1; t < TYPE_NB; t++) {
            for (int d = 1; d < 9; d++) {
                ATTACK[t * 9 + d] = attackWeight[t] * attackCurve[d] / 100;
                DEFENCE[t * 9 + d] = defenceWeight[t] * defenceCurve[d] / 100;
            }
        }
    }

    private static int pst(int t, int rr, int cd) {
        return switch (t) {
            case KING -> (rr == 9 ? 30 : rr == 8 ? 20 : rr == 7 ? 0 : -50 - 10 * (6 - Math.min(rr, 6)))
                    + (cd >= 2 ? 15 : cd == 1 ? 0 : -10);
            case PAWN -> rr <= 4 ? 12 : rr == 5 ? 6 : 0;
            case SILVER -> (rr >= 4 && rr <= 7 ? 12 : rr == 9 ? -15 : 0) - 2 * cd;
            case GOLD -> (rr >= 7 && rr <= 8 ? 10 : rr <= 4 ? 8 : 0) - 3 * cd;
            case KNIGHT -> rr >= 3 && rr <= 5 ? 15 : rr == 9 ? -10 : 0;
            case BISHOP, ROOK -> rr <= 3 ? 20 : 0;
            default -> 0;
        };
    }

    @Override
    public int evaluate(Position pos) {
        int[] state = new int[STATE];
        refresh(pos, state, 0);
        return evaluate(pos, state, 0);
    }

    // The board part is a sum of per-piece terms that depend only on the piece, its square and the two
    // king squares; it is kept incrementally: state[at] = board score from Black's side,
    // state[at + 1] / state[at + 2] = Black's / White's generals within two squares of their king.
    private static final int STATE = 3;

    @Override
    public int stateSize() {
        return STATE;
    }

    @Override
    public void refresh(Position pos, int[] state, int at) {
        final int bk = pos.kingSquare(BLACK), wk = pos.kingSquare(WHITE);
        int score = 0, defB = 0, defW = 0;
        // The occupied squares only, from the occupancy sets: the search refreshes after every king move,
        // and a scan of all 81 squares spent most of its time on mispredicted empty-square branches.
        for (int half = 0; half < 2; half++) {
            for (long bits = pos.occupied(half); bits != 0; bits &= bits - 1) {
                final int sq = Long.numberOfTrailingZeros(bits) + 63 * half;
                final int p = pos.pieceOn(sq);
                score += term(p, sq, bk, wk);
                if (defends(p, sq, bk, wk)) {
                    if ((p >> 4) == BLACK) {
                        defB++;
                    } else {
                        defW++;
                    }
                }
            }
        }
        state[at] = score;
        state[at + 1] = defB;
        state[at + 2] = defW;
    }

    @Override
    public void update(Position pos, int move, int[] state, int parent, int at) {
        final int piece = Move.piece(move);
        if (!Move.isDrop(move) && (piece & 15) == KING) {
            refresh(pos, state, at); // every proximity term changes with the king
            return;
        }
        final int bk = pos.kingSquare(BLACK), wk = pos.kingSquare(WHITE), to = Move.to(move);
        int score = state[parent], defB = state[parent + 1], defW = state[parent + 2];
        final int placed = Move.isPromotion(move) ? piece + PROMOTED : piece;
        score += term(placed, to, bk, wk);
        int dB = 0, dW = 0;
        if (defends(placed, to, bk, wk)) {
            if ((placed >> 4) == BLACK) {
                dB++;
            } else {
                dW++;
            }
        }
        if (!Move.isDrop(move)) {
            final int from = Move.from(move);
            score -= term(piece, from, bk, wk);
            if (defends(piece, from, bk, wk)) {
                if ((piece >> 4) == BLACK) {
                    dB--;
                } else {
                    dW--;
                }
            }
            final int captured = Move.captured(move);
            if (captured != 0) {
                score -= term(captured, to, bk, wk);
                if (defends(captured, to, bk, wk)) {
                    if ((captured >> 4) == BLACK) {
                        dB--;
                    } else {
                        dW--;
                    }
                }
            }
        }
        state[at] = score;
        state[at + 1] = defB + dB;
        state[at + 2] = defW + dW;
    }

    /** The signed (Black +) board term of piece p on sq. */
    private static int term(int p, int sq, int bk, int wk) {
        final int t = p & 15, c = p >> 4;
        int s = Material.BOARD[t] + pst(p, sq);
        if (t != KING) {
            s += attack(t, sq, c == BLACK ? wk : bk) + defence(t, sq, c == BLACK ? bk : wk);
        }
        return c == BLACK ? s : -s;
    }

    /** The piece-square term of piece p on sq, from its owner's side. */
    private static int pst(int p, int sq) {
        return PST[((p >> 4) * TYPE_NB + (p & 15)) * Square.NB + sq];
    }

    /** The attack term of a piece of type t on sq near the enemy king on enemyKing (none: -1). */
    private static int attack(int t, int sq, int enemyKing) {
        return enemyKing < 0 ? 0 : ATTACK[t * 9 + DIST[sq * Square.NB + enemyKing]];
    }

    /** The defence term of a piece of type t on sq near its own king on ownKing (none: -1). */
    private static int defence(int t, int sq, int ownKing) {
        return ownKing < 0 ? 0 : DEFENCE[t * 9 + DIST[sq * Square.NB + ownKing]];
    }

    /** How many of the four wanted generals a king lacks: what each enemy hand piece's threat is multiplied by. */
    private static int shortOfDefenders(int defenders) {
        return Math.max(0, 4 - defenders);
    }

    private static boolean defends(int p, int sq, int bk, int wk) {
        final int t = p & 15;
        if (t != GOLD && t != SILVER && (t < PRO_PAWN || t > PRO_SILVER)) {
            return false;
        }
        final int own = (p >> 4) == BLACK ? bk : wk;
        return own >= 0 && DIST[sq * Square.NB + own] <= 2;
    }

    /**
     * The evaluation as a linear model, for tuning: {@code features(pos, f)} fills f (length
     * {@link #FEATURE_NB}) so that {@code sum(weights()[i] * f[i])} is the score from Black's side.
     * <pre>
     * f[t]        t = 1..14 but the king: Black's board pieces of type t less White's  (weight Material.BOARD[t])
     * f[14 + h]   h = 1..7: Black's hand pieces of type h less White's                 (weight Material.HAND[h])
     * f[22]       the piece-square terms, Black's less White's                          (weight 1)
     * f[23]       the attack terms (pieces near the enemy king), Black's less White's   (weight 1)
     * f[24]       the defence terms (pieces near their own king), Black's less White's  (weight 1)
     * f[24 + h]   h = 1..7: Black's hand pieces of type h times White's missing defenders, less White's
     *             times Black's (the king-safety term)                                 (weight HAND_THREAT[h])
     * </pre>
     */
    public static final int FEATURE_NB = 32;
    public static final int F_PST = 22, F_ATTACK = 23, F_DEFENCE = 24;

    /** The weights of {@link #features}: the evaluator's own values. */
    public static double[] weights() {
        final double[] w = new double[FEATURE_NB];
        for (int t = PAWN; t < TYPE_NB; t++) {
            w[t] = t == KING ? 0 : Material.BOARD[t];
        }
        for (int h = PAWN; h <= GOLD; h++) {
            w[14 + h] = Material.HAND[h];
            w[24 + h] = HAND_THREAT[h];
        }
        w[F_PST] = w[F_ATTACK] = w[F_DEFENCE] = 1;
        return w;
    }

    /** Fills f with the position's features (see {@link #FEATURE_NB}); f is cleared first. */
    public static void features(Position pos, double[] f) {
        java.util.Arrays.fill(f, 0);
        final int bk = pos.kingSquare(BLACK), wk = pos.kingSquare(WHITE);
        int defB = 0, defW = 0;
        for (int half = 0; half < 2; half++) {
            for (long bits = pos.occupied(half); bits != 0; bits &= bits - 1) {
                final int sq = Long.numberOfTrailingZeros(bits) + 63 * half;
                final int p = pos.pieceOn(sq), t = p & 15, c = p >> 4, sign = c == BLACK ? 1 : -1;
                if (t != KING) {
                    f[t] += sign;
                    f[F_ATTACK] += sign * attack(t, sq, c == BLACK ? wk : bk);
                    f[F_DEFENCE] += sign * defence(t, sq, c == BLACK ? bk : wk);
                }
                f[F_PST] += sign * pst(p, sq);
                if (defends(p, sq, bk, wk)) {
                    if (c == BLACK) {
                        defB++;
                    } else {
                        defW++;
                    }
                }
            }
        }
        for (int h = PAWN; h <= GOLD; h++) {
            final int nb = pos.handCount(BLACK, h), nw = pos.handCount(WHITE, h);
            f[14 + h] = nb - nw;
            f[24 + h] = (wk >= 0 ? nb * shortOfDefenders(defW) : 0) - (bk >= 0 ? nw * shortOfDefenders(defB) : 0);
        }
    }

    @Override
    public int evaluate(Position pos, int[] state, int at) {
        int score = state[at];
        final int defendersB = state[at + 1], defendersW = state[at + 2];
        int threatOnB = 0, threatOnW = 0;
        for (int t = PAWN; t <= GOLD; t++) {
            final int nb = pos.handCount(BLACK, t), nw = pos.handCount(WHITE, t);
            score += (nb - nw) * Material.HAND[t];
            threatOnW += nb * HAND_THREAT[t];
            threatOnB += nw * HAND_THREAT[t];
        }
        if (pos.kingSquare(BLACK) >= 0) {
            score -= threatOnB * shortOfDefenders(defendersB);
        }
        if (pos.kingSquare(WHITE) >= 0) {
            score += threatOnW * shortOfDefenders(defendersW);
        }
        return pos.sideToMove() == BLACK ? score : -score;
    }
}
