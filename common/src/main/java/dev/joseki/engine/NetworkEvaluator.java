package dev.joseki.engine;

import static dev.joseki.rules.Piece.*;

import dev.joseki.rules.Move;
import dev.joseki.rules.Position;

/**
 * The {@link FeatureSet#HKN} evaluation: the handcrafted score plus a {@link Network}'s.
 *
 * <p>Incremental state per ply: Black's accumulator, White's (H ints each, first layer before the
 * clamp), 2H ints of scratch where an evaluation lays out the second layer's clamped inputs (the
 * evaluator is shared by the search threads, each of which owns its state), then the handcrafted
 * evaluator's own state. A move adds and subtracts at most four weight columns in each view (the
 * piece leaving its square, arriving promoted or not, the captured piece, the hand piece gained or
 * dropped), as {@link TrainedEvaluator} does with table entries; a king move that changes its own
 * bucket sums that view afresh. The rest of the network is computed at each evaluation: 2H x H2
 * multiplications.
 */
public final class NetworkEvaluator implements Evaluator {
    private static final int H = Network.H, H2 = Network.H2, ONE = Network.ONE;

    private final short[] t;
    private final int outputBias;
    private final HandcraftedEvaluator base = new HandcraftedEvaluator();
    private static final int BASE = 4 * H;
    private static final int W2_SHIFT = Integer.numberOfTrailingZeros(Network.W2_SCALE);
    private final int stateSize = BASE + base.stateSize();

    /** The first layer's columns as ints, as in the table: the hot loops add ints to ints. */
    private final int[] w1 = new int[Network.B1];

    /**
     * The second layer transposed, per input unit: w2t[u * H2 + o] is the weight of input u in
     * output o. An evaluation adds a clamped input times its row to the outputs, a loop the JIT
     * vectorises, and skips the inputs clamped to zero (about half); the file's row-major order
     * summed per output ran at 1.2 us an evaluation (measured 2026-11-29).
     */
    private final int[] w2t = new int[2 * H * H2];

    private final int[] b2 = new int[H2], w3 = new int[H2];

    public NetworkEvaluator(EvalWeights weights) {
        if (!weights.features().network()) {
            throw new IllegalArgumentException("not a network: " + weights.features().label);
        }
        this.t = weights.table();
        this.outputBias = weights.material()[0];
        for (int i = 0; i < w1.length; i++) {
            w1[i] = t[Network.W1 + i];
        }
        for (int o = 0; o < H2; o++) {
            for (int u = 0; u < 2 * H; u++) {
                w2t[u * H2 + o] = t[Network.W2 + o * 2 * H + u];
            }
        }
        for (int o = 0; o < H2; o++) {
            b2[o] = t[Network.B2 + o] * Network.W2_SCALE;
            w3[o] = t[Network.W3 + o];
        }
    }

    @Override
    public int evaluate(Position pos) {
        int[] state = new int[stateSize];
        refresh(pos, state, 0);
        return evaluate(pos, state, 0);
    }

    @Override
    public int stateSize() {
        return stateSize;
    }

    @Override
    public void refresh(Position pos, int[] state, int at) {
        accumulate(pos, BLACK, state, at);
        accumulate(pos, WHITE, state, at + H);
        base.refresh(pos, state, at + BASE);
    }

    /** Sums view's accumulator afresh into state[at, at + H). */
    private void accumulate(Position pos, int view, int[] state, int at) {
        for (int u = 0; u < H; u++) {
            state[at + u] = t[Network.B1 + u];
        }
        final int bucket = Network.bucket(view, pos.kingSquare(view));
        for (int half = 0; half < 2; half++) {
            for (long bits = pos.occupied(half); bits != 0; bits &= bits - 1) {
                int sq = Long.numberOfTrailingZeros(bits) + 63 * half;
                add(
                        state,
                        at,
                        Network.column(bucket, FeatureSet.boardIndex(view, pos.pieceOn(sq), sq)));
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int h = PAWN; h <= GOLD; h++) {
                for (int n = pos.handCount(c, h); n > 0; n--) {
                    add(state, at, Network.column(bucket, FeatureSet.handIndex(view, c, h, n)));
                }
            }
        }
    }

    private void add(int[] state, int at, int column) {
        for (int u = 0; u < H; u++) {
            state[at + u] += w1[column + u];
        }
    }

    private void sub(int[] state, int at, int column) {
        for (int u = 0; u < H; u++) {
            state[at + u] -= w1[column + u];
        }
    }

    @Override
    public void update(Position pos, int move, int[] state, int parent, int at) {
        final int piece = Move.piece(move), mover = piece >> 4;
        final boolean drop = Move.isDrop(move);
        base.update(pos, move, state, parent + BASE, at + BASE);
        for (int view = 0; view < 2; view++) {
            final int to = at + view * H;
            final int bucket = Network.bucket(view, pos.kingSquare(view));
            if (!drop
                    && (piece & 15) == KING
                    && view == mover
                    && bucket != Network.bucket(view, Move.from(move))) {
                accumulate(pos, view, state, to);
                continue;
            }
            System.arraycopy(state, parent + view * H, state, to, H);
            if (drop) {
                int tp = piece & 15, left = pos.handCount(mover, tp);
                add(
                        state,
                        to,
                        Network.column(bucket, FeatureSet.boardIndex(view, piece, Move.to(move))));
                sub(
                        state,
                        to,
                        Network.column(bucket, FeatureSet.handIndex(view, mover, tp, left + 1)));
                continue;
            }
            final int placed = Move.isPromotion(move) ? piece + PROMOTED : piece;
            add(
                    state,
                    to,
                    Network.column(bucket, FeatureSet.boardIndex(view, placed, Move.to(move))));
            sub(
                    state,
                    to,
                    Network.column(bucket, FeatureSet.boardIndex(view, piece, Move.from(move))));
            final int captured = Move.captured(move);
            if (captured != 0) {
                int u = unpromoted(captured & 15);
                add(
                        state,
                        to,
                        Network.column(
                                bucket,
                                FeatureSet.handIndex(view, mover, u, pos.handCount(mover, u))));
                sub(
                        state,
                        to,
                        Network.column(
                                bucket, FeatureSet.boardIndex(view, captured, Move.to(move))));
            }
        }
    }

    @Override
    public int evaluate(Position pos, int[] state, int at) {
        final int us = at + pos.sideToMove() * H, them = at + (pos.sideToMove() ^ 1) * H;
        final int hidden = at + 2 * H; // scratch: the second layer's sums
        System.arraycopy(b2, 0, state, hidden, H2);
        addLayer(state, us, 0, hidden);
        addLayer(state, them, H, hidden);
        int out = 0;
        for (int o = 0; o < H2; o++) {
            out += w3[o] * clamp((state[hidden + o] + Network.W2_SCALE / 2) >> W2_SHIFT);
        }
        // Rounded to the nearest centipawn; out is in 1/(ONE * SCALE) cp.
        final int unit = ONE * EvalWeights.SCALE;
        int v =
                Math.floorDiv(out + outputBias * ONE + unit / 2, unit)
                        + base.evaluate(pos, state, at + BASE);
        return Math.max(-Score.PERPETUAL_WIN + 1, Math.min(Score.PERPETUAL_WIN - 1, v));
    }

    /**
     * Adds to the sums at state[hidden ..] the second layer's share of one view: the clamped units
     * of the accumulator at state[acc ..], inputs first .. first + H.
     */
    private void addLayer(int[] state, int acc, int first, int hidden) {
        for (int u = 0; u < H; u++) {
            final int x = clamp(state[acc + u]);
            if (x == 0) {
                continue;
            }
            final int row = (first + u) * H2;
            for (int o = 0; o < H2; o++) {
                state[hidden + o] += x * w2t[row + o];
            }
        }
    }

    private static int clamp(int v) {
        return v < 0 ? 0 : Math.min(v, ONE);
    }
}
