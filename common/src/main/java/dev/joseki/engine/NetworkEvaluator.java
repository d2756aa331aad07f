package dev.joseki.engine;

import static dev.joseki.rules.Piece.*;

import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.Arrays;

/**
 * The {@link FeatureSet#HKN} evaluation: the handcrafted score plus a {@link Network}'s.
 *
 * <p>Incremental state per ply: Black's accumulator, White's (H ints each, first layer before the
 * clamp), then the handcrafted evaluator's own state; the evaluator itself holds only weights, so
 * the search threads share it. A move adds and subtracts at most four weight columns in each view
 * (the piece leaving its square, arriving promoted or not, the captured piece, the hand piece
 * gained or dropped), as {@link TrainedEvaluator} does with table entries; a king move that changes
 * its own bucket sums that view afresh. The rest of the network is computed at each evaluation: 2H
 * x H2 / 2 multiplications of packed pairs, inputs clamped to zero skipped.
 */
public final class NetworkEvaluator implements Evaluator {
    private static final int H = Network.H, H2 = Network.H2, ONE = Network.ONE;

    /** The second layer's outputs in pairs, one long each; {@link #evaluate} names the 8 sums. */
    private static final int PAIRS = 8;

    static {
        if (H2 != 2 * PAIRS || Integer.bitCount(2 * H) != 1 || Integer.bitCount(ONE) != 1) {
            throw new AssertionError("NetworkEvaluator needs H2 = 16 and H, ONE powers of two");
        }
    }

    /** The output's unit, 1/(ONE * SCALE) cp, is a power of two: rounding is a shift. */
    private static final int OUT_SHIFT = Integer.numberOfTrailingZeros(ONE * EvalWeights.SCALE);

    private final short[] b1;
    private final int outputBias;
    private final HandcraftedEvaluator base = new HandcraftedEvaluator();
    private static final int BASE = 2 * H;
    private static final int W2_SHIFT = Integer.numberOfTrailingZeros(Network.W2_SCALE);
    private final int stateSize = BASE + base.stateSize();

    /**
     * The first layer's columns, as in the table (int16): half the bytes of ints, so that the 9
     * buckets' columns (0.7 MB) stay in a core's 1 MB L2 cache beside the rest of the search.
     */
    private final short[] w1;

    /**
     * The second layer transposed and packed, per input unit: w2p[u * PAIRS + k] holds the weights
     * of input u in outputs 2k (low 32 bits) and 2k + 1 (high 32 bits) as w_lo + w_hi * 2^32. An
     * input times the long adds both products at once, exactly: each output's sum stays within 32
     * bits (|w| < 2^15, inputs <= ONE = 2^10, 2H = 32 inputs, bias < 2^25, so |sum| < 2^31), and
     * the low half is read back as a signed int, the high half as (packed - low) >> 32. Half the
     * multiplications of one int each, and eight sums that the JIT keeps in registers: summed in
     * the state array per output the layer took 248 ns an evaluation (measured 2026-11-29).
     */
    private final long[] w2p = new long[2 * H * PAIRS];

    private final long[] b2p = new long[PAIRS];
    private final int[] w3 = new int[H2];

    public NetworkEvaluator(EvalWeights weights) {
        if (!weights.features().network()) {
            throw new IllegalArgumentException("not a network: " + weights.features().label);
        }
        final short[] t = weights.table();
        this.outputBias = weights.material()[0];
        this.w1 = Arrays.copyOfRange(t, Network.W1, Network.W1 + Network.B1);
        this.b1 = Arrays.copyOfRange(t, Network.B1, Network.B1 + H);
        for (int u = 0; u < 2 * H; u++) {
            for (int k = 0; k < PAIRS; k++) {
                w2p[u * PAIRS + k] =
                        pack(
                                t[Network.W2 + 2 * k * 2 * H + u],
                                t[Network.W2 + (2 * k + 1) * 2 * H + u]);
            }
        }
        for (int k = 0; k < PAIRS; k++) {
            b2p[k] =
                    pack(
                            t[Network.B2 + 2 * k] * Network.W2_SCALE,
                            t[Network.B2 + 2 * k + 1] * Network.W2_SCALE);
        }
        for (int o = 0; o < H2; o++) {
            w3[o] = t[Network.W3 + o];
        }
    }

    /** lo in the low 32 bits, hi above them, as a sum: lo + hi * 2^32. */
    static long pack(int lo, int hi) {
        return lo + ((long) hi << 32);
    }

    /** The low output of a packed sum. */
    static int low(long packed) {
        return (int) packed;
    }

    /** The high output of a packed sum. */
    static int high(long packed) {
        return (int) ((packed - (int) packed) >> 32);
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
            state[at + u] = b1[u];
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

    /** state[to ..] = state[from ..] + column plus - column minus: one pass over the view. */
    private void move(int[] state, int from, int to, int plus, int minus) {
        for (int u = 0; u < H; u++) {
            state[to + u] = state[from + u] + w1[plus + u] - w1[minus + u];
        }
    }

    /** {@link #move} with a second pair of columns, for a capture. */
    private void move(int[] state, int from, int to, int plus, int minus, int plus2, int minus2) {
        for (int u = 0; u < H; u++) {
            state[to + u] =
                    state[from + u] + w1[plus + u] - w1[minus + u] + w1[plus2 + u] - w1[minus2 + u];
        }
    }

    @Override
    public void update(Position pos, int move, int[] state, int parent, int at) {
        final int piece = Move.piece(move), mover = piece >> 4, to = Move.to(move);
        final boolean drop = Move.isDrop(move);
        base.update(pos, move, state, parent + BASE, at + BASE);
        for (int view = 0; view < 2; view++) {
            final int into = at + view * H, from = parent + view * H;
            final int bucket = Network.bucket(view, pos.kingSquare(view));
            if (drop) {
                final int tp = piece & 15, left = pos.handCount(mover, tp);
                move(
                        state,
                        from,
                        into,
                        Network.column(bucket, FeatureSet.boardIndex(view, piece, to)),
                        Network.column(bucket, FeatureSet.handIndex(view, mover, tp, left + 1)));
                continue;
            }
            final int origin = Move.from(move);
            if ((piece & 15) == KING && view == mover && bucket != Network.bucket(view, origin)) {
                accumulate(pos, view, state, into);
                continue;
            }
            final int placed = Move.isPromotion(move) ? piece + PROMOTED : piece;
            final int plus = Network.column(bucket, FeatureSet.boardIndex(view, placed, to));
            final int minus = Network.column(bucket, FeatureSet.boardIndex(view, piece, origin));
            final int captured = Move.captured(move);
            if (captured == 0) {
                move(state, from, into, plus, minus);
                continue;
            }
            final int u = unpromoted(captured & 15);
            move(
                    state,
                    from,
                    into,
                    plus,
                    minus,
                    Network.column(
                            bucket, FeatureSet.handIndex(view, mover, u, pos.handCount(mover, u))),
                    Network.column(bucket, FeatureSet.boardIndex(view, captured, to)));
        }
    }

    @Override
    public int evaluate(Position pos, int[] state, int at) {
        // The views lie side by side (Black's, White's): the side to move's first is a rotation.
        final int first = pos.sideToMove() * H;
        // 1. The second layer: the clamped accumulators (side to move first) times the packed rows.
        long s0 = b2p[0], s1 = b2p[1], s2 = b2p[2], s3 = b2p[3];
        long s4 = b2p[4], s5 = b2p[5], s6 = b2p[6], s7 = b2p[7];
        for (int u = 0; u < 2 * H; u++) {
            final long x = clamp(state[at + ((first + u) & (2 * H - 1))]);
            if (x == 0) {
                continue; // about half the inputs, and a zero adds nothing
            }
            final int row = u * PAIRS;
            s0 += x * w2p[row];
            s1 += x * w2p[row + 1];
            s2 += x * w2p[row + 2];
            s3 += x * w2p[row + 3];
            s4 += x * w2p[row + 4];
            s5 += x * w2p[row + 5];
            s6 += x * w2p[row + 6];
            s7 += x * w2p[row + 7];
        }
        // 2. The output: each second-layer unit rounded to 1/ONE and clamped, times its weight.
        int out =
                unit(0, low(s0))
                        + unit(1, high(s0))
                        + unit(2, low(s1))
                        + unit(3, high(s1))
                        + unit(4, low(s2))
                        + unit(5, high(s2))
                        + unit(6, low(s3))
                        + unit(7, high(s3))
                        + unit(8, low(s4))
                        + unit(9, high(s4))
                        + unit(10, low(s5))
                        + unit(11, high(s5))
                        + unit(12, low(s6))
                        + unit(13, high(s6))
                        + unit(14, low(s7))
                        + unit(15, high(s7));
        // 3. Rounded to the nearest centipawn (out is in 1/(ONE * SCALE) cp), plus the handcrafted.
        int v =
                ((out + outputBias * ONE + (1 << (OUT_SHIFT - 1))) >> OUT_SHIFT)
                        + base.evaluate(pos, state, at + BASE);
        return Math.max(-Score.PERPETUAL_WIN + 1, Math.min(Score.PERPETUAL_WIN - 1, v));
    }

    /** Output weight o times second-layer unit o, whose sum is sum (1/(ONE * W2_SCALE)). */
    private int unit(int o, int sum) {
        return w3[o] * clamp((sum + Network.W2_SCALE / 2) >> W2_SHIFT);
    }

    private static int clamp(int v) {
        return v < 0 ? 0 : Math.min(v, ONE);
    }
}
