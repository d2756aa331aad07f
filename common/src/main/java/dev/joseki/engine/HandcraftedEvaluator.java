package dev.joseki.engine;

import static dev.joseki.rules.Piece.*;

import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * The default evaluation: material ({@link Material}) plus positional terms, all computed in one
 * pass over the 81 squares with table look-ups only.
 *
 * <ol>
 *   <li>Piece-square: by relative rank (1 = the opponent's back rank) and distance from the centre
 *       file. The king prefers its own two back ranks and the wings; pawns and generals gain a
 *       little for advancing; knights like ranks 3-5 where they jump into the enemy camp.
 *   <li>Pieces near each king: every non-king piece adds an attack bonus by its Chebyshev distance
 *       to the enemy king and a defence bonus by its distance to its own king, weighted by type
 *       (golds and silvers defend, promoted pieces and dragons/horses attack).
 *   <li>King safety: the fewer golds and silvers stand within two squares of a king, the more the
 *       opponent's hand pieces (which can be dropped next to it) count against that king.
 *   <li>Development: a silver or a knight still on its home rank costs a little.
 * </ol>
 *
 * Every term depends only on relative ranks, file distance from the centre and piece distances, so
 * the evaluation is exactly side-symmetric (tested). The weights are {@link Material}'s and {@link
 * EvaluationWeights}'s tables, each positional group scaled by an {@link EvaluationScales} (100 %
 * unless a tune sets them); {@link #features} gives the default evaluation as a linear model of
 * them, which is how they are fitted to finished games.
 */
public final class HandcraftedEvaluator implements Evaluator {
    /**
     * PST_INDEX[colour * 81 + sq]: (relative rank - 1) * 5 + centre distance, the column of
     * EvaluationWeights.PST.
     */
    private static final byte[] PST_INDEX = new byte[2 * Square.NB];

    private static final byte[] DIST = new byte[Square.NB * Square.NB];

    static {
        for (int c = 0; c < 2; c++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                PST_INDEX[c * Square.NB + sq] =
                        (byte)
                                ((Square.relativeRank(c, sq) - 1) * 5
                                        + Math.abs(Square.file(sq) - 5));
            }
        }
        for (int a = 0; a < Square.NB; a++) {
            for (int b = 0; b < Square.NB; b++) {
                DIST[a * Square.NB + b] =
                        (byte)
                                Math.max(
                                        Math.abs(Square.file(a) - Square.file(b)),
                                        Math.abs(Square.rank(a) - Square.rank(b)));
            }
        }
    }

    /**
     * pst[(colour * TYPE_NB + type) * 81 + sq]: EvaluationWeights.PST by each colour's relative
     * rank, scaled.
     */
    private final int[] pst = new int[2 * TYPE_NB * Square.NB];

    /** attack[type * 9 + d], defence[type * 9 + d] for Chebyshev distance d = 1..8, scaled. */
    private final int[] attack = new int[TYPE_NB * 9];

    private final int[] defence = new int[TYPE_NB * 9];

    private final int[] handThreat = new int[EvaluationWeights.HAND_THREAT.length];

    /** The fitted evaluation, every weight as EvaluationWeights has it. */
    public HandcraftedEvaluator() {
        this(EvaluationScales.DEFAULT);
    }

    /** The fitted evaluation with each group of weights scaled (for tuning). */
    public HandcraftedEvaluator(EvaluationScales scales) {
        // Step 1. Piece-square tables by each colour's relative rank and centre distance.
        for (int c = 0; c < 2; c++) {
            for (int t = 1; t < TYPE_NB; t++) {
                for (int sq = 0; sq < Square.NB; sq++) {
                    pst[(c * TYPE_NB + t) * Square.NB + sq] =
                            EvaluationScales.scale(
                                    EvaluationWeights.PST[t][PST_INDEX[c * Square.NB + sq]],
                                    scales.pst());
                }
            }
        }
        // Step 2. The proximity tables, flat.
        for (int t = 1; t < TYPE_NB; t++) {
            for (int d = 1; d < 9; d++) {
                attack[t * 9 + d] =
                        EvaluationScales.scale(EvaluationWeights.ATTACK[t][d], scales.attack());
                defence[t * 9 + d] =
                        EvaluationScales.scale(EvaluationWeights.DEFENCE[t][d], scales.defence());
            }
        }
        // Step 3. King safety.
        for (int h = 0; h < handThreat.length; h++) {
            handThreat[h] =
                    EvaluationScales.scale(EvaluationWeights.HAND_THREAT[h], scales.handThreat());
        }
    }

    @Override
    public int evaluate(Position pos) {
        int[] state = new int[STATE];
        refresh(pos, state, 0);
        return evaluate(pos, state, 0);
    }

    // The board part is a sum of per-piece terms that depend only on the piece, its square and the
    // two king squares; it is kept incrementally: state[at] = board score from Black's side,
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
        // The occupied squares only, from the occupancy sets: the search refreshes after every king
        // move, and a scan of all 81 squares spent most of its time on mispredicted empty-square
        // branches.
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
    private int term(int p, int sq, int bk, int wk) {
        final int t = p & 15, c = p >> 4;
        int s = Material.BOARD[t] + pst(p, sq);
        if (t != KING) {
            s += attack(t, sq, c == BLACK ? wk : bk) + defence(t, sq, c == BLACK ? bk : wk);
        }
        return c == BLACK ? s : -s;
    }

    /** The piece-square term of piece p on sq, from its owner's side. */
    private int pst(int p, int sq) {
        return pst[((p >> 4) * TYPE_NB + (p & 15)) * Square.NB + sq];
    }

    /** The attack term of a piece of type t on sq near the enemy king on enemyKing (none: -1). */
    private int attack(int t, int sq, int enemyKing) {
        return enemyKing < 0 ? 0 : attack[t * 9 + distance(sq, enemyKing)];
    }

    /** The defence term of a piece of type t on sq near its own king on ownKing (none: -1). */
    private int defence(int t, int sq, int ownKing) {
        return ownKing < 0 ? 0 : defence[t * 9 + distance(sq, ownKing)];
    }

    /** The Chebyshev distance between two squares (1..8 between two different ones). */
    private static int distance(int a, int b) {
        return DIST[a * Square.NB + b];
    }

    /**
     * How many of the four wanted generals a king lacks: what each enemy hand piece's threat is
     * multiplied by.
     */
    private static int shortOfDefenders(int defenders) {
        return Math.max(0, 4 - defenders);
    }

    private static boolean defends(int p, int sq, int bk, int wk) {
        final int t = p & 15;
        if (t != GOLD && t != SILVER && (t < PRO_PAWN || t > PRO_SILVER)) {
            return false;
        }
        final int own = (p >> 4) == BLACK ? bk : wk;
        return own >= 0 && distance(sq, own) <= 2;
    }

    /**
     * The evaluation as a linear model, for tuning: {@code features(pos, f)} fills f (length {@link
     * #FEATURE_NB}) so that {@code sum(weights()[i] * f[i])} is the score from Black's side. Each
     * feature counts Black's pieces less White's:
     *
     * <pre>
     * f[t]                         t = 1..14 but the king: board pieces of type t     (Material.BOARD[t])
     * f[F_HAND + h]                h = 1..7: hand pieces of type h                     (Material.HAND[h])
     * f[F_THREAT + h]              hand pieces of type h times the enemy king's missing
     *                              defenders (the king-safety term)                    (HAND_THREAT[h])
     * f[F_PST + t * 45 + i]        pieces of type t on a square of PST column i        (PST[t][i])
     * f[F_ATTACK + t * 9 + d]      non-king pieces of type t at distance d of the enemy king (ATTACK[t][d])
     * f[F_DEFENCE + t * 9 + d]     ... at distance d of their own king                 (DEFENCE[t][d])
     * </pre>
     *
     * (The tables are EvaluationWeights'.) Unused indices (type 0, the king's material and
     * proximity, distance 0) stay 0.
     */
    public static final int F_HAND = 14,
            F_THREAT = 21,
            F_PST = 29,
            F_ATTACK = F_PST + TYPE_NB * 45,
            F_DEFENCE = F_ATTACK + TYPE_NB * 9,
            FEATURE_NB = F_DEFENCE + TYPE_NB * 9;

    /** The weights of {@link #features}: the evaluator's own values. */
    public static double[] weights() {
        final double[] w = new double[FEATURE_NB];
        for (int t = PAWN; t < TYPE_NB; t++) {
            w[t] = t == KING ? 0 : Material.BOARD[t];
            for (int i = 0; i < 45; i++) {
                w[F_PST + t * 45 + i] = EvaluationWeights.PST[t][i];
            }
            for (int d = 1; d < 9 && t != KING; d++) {
                w[F_ATTACK + t * 9 + d] = EvaluationWeights.ATTACK[t][d];
                w[F_DEFENCE + t * 9 + d] = EvaluationWeights.DEFENCE[t][d];
            }
        }
        for (int h = PAWN; h <= GOLD; h++) {
            w[F_HAND + h] = Material.HAND[h];
            w[F_THREAT + h] = EvaluationWeights.HAND_THREAT[h];
        }
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
                f[F_PST + t * 45 + PST_INDEX[c * Square.NB + sq]] += sign;
                if (t != KING) {
                    f[t] += sign;
                    final int enemyKing = c == BLACK ? wk : bk, ownKing = c == BLACK ? bk : wk;
                    if (enemyKing >= 0) {
                        f[F_ATTACK + t * 9 + distance(sq, enemyKing)] += sign;
                    }
                    if (ownKing >= 0) {
                        f[F_DEFENCE + t * 9 + distance(sq, ownKing)] += sign;
                    }
                }
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
            f[F_HAND + h] = nb - nw;
            f[F_THREAT + h] =
                    (wk >= 0 ? nb * shortOfDefenders(defW) : 0)
                            - (bk >= 0 ? nw * shortOfDefenders(defB) : 0);
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
            threatOnW += nb * handThreat[t];
            threatOnB += nw * handThreat[t];
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
