package dev.joseki.learn;

import static dev.joseki.rules.Piece.*;

import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.FeatureSet;
import dev.joseki.engine.Network;
import dev.joseki.notation.PackedSfen;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.rules.Square;
import java.util.Arrays;
import java.util.Random;

/**
 * The {@link Network} as the trainer sees it, in floats: activations in 0..1 and the output in
 * units of {@link #OUT} centipawns. A first-layer column is trained as the sum of a column shared
 * by every king bucket and the bucket's own (the "factorizer" of NNUE trainers): a feature seen
 * with the king in one bucket teaches the others, which matters where the data is thin. {@link
 * #toEvalWeights} adds the two and rounds to the engine's int16 units.
 *
 * <pre>
 *   parameters  shared W (ROW * H) | per bucket W (BUCKETS * ROW * H) | B1 (H) | W2 (H2 * 2H)
 *               | B2 (H2) | W3 (H2) | output bias (1)
 * </pre>
 *
 * The learning rate is given in the linear sets' units; the network's steps are {@link #RATE_SCALE}
 * times it, its parameters being activations rather than centipawns.
 */
public final class NetworkModel implements Model {
    static final int H = Network.H, H2 = Network.H2;
    private static final int ROW = FeatureSet.ROW;

    static final int SHARED = 0;
    static final int BUCKETED = SHARED + ROW * H;
    static final int B1 = BUCKETED + Network.BUCKETS * ROW * H;
    static final int W2 = B1 + H;
    static final int B2 = W2 + H2 * 2 * H;
    static final int W3 = B2 + H2;
    static final int BIAS = W3 + H2;
    public static final int PARAMETERS = BIAS + 1;

    /** Centipawns of one output unit. */
    static final float OUT = 100f;

    static final double RATE_SCALE = 1 / 200.0;

    private final float[] w;

    public NetworkModel(float[] weights) {
        if (weights.length != PARAMETERS) {
            throw new IllegalArgumentException("network of " + weights.length + " parameters");
        }
        this.w = weights;
    }

    /**
     * Where training starts: the shared first layer and the second drawn from seed, small enough
     * that the units start inside 0..1 (biases 1/2); bucket columns and the output zero, so the
     * correction starts at zero.
     */
    public static NetworkModel start(long seed) {
        Random r = new Random(seed);
        float[] w = new float[PARAMETERS];
        for (int i = SHARED; i < BUCKETED; i++) {
            w[i] = (r.nextFloat() - 0.5f) * 0.1f;
        }
        Arrays.fill(w, B1, W2, 0.5f);
        float span = 2f / (float) Math.sqrt(2 * H);
        for (int i = W2; i < B2; i++) {
            w[i] = (r.nextFloat() - 0.5f) * span;
        }
        Arrays.fill(w, B2, W3, 0.5f);
        return new NetworkModel(w);
    }

    /**
     * The model of a trained network file, where fine-tuning starts: each first-layer column is
     * split into the mean of its nine bucket columns (the shared part) and each bucket's difference
     * from it, so the shared part keeps carrying what the buckets have in common. {@link
     * #toEvalWeights} gives the file's weights back exactly: the split's float error is far below
     * the half unit that rounding to int16 removes.
     */
    public static NetworkModel of(EvalWeights e) {
        if (e.features() != FeatureSet.HKN) {
            throw new IllegalArgumentException(
                    "a network starts only from an hkn file, not " + e.features().label);
        }
        short[] t = e.table();
        float[] w = new float[PARAMETERS];
        for (int entry = 0; entry < ROW; entry++) {
            for (int u = 0; u < H; u++) {
                float mean = 0;
                for (int b = 0; b < Network.BUCKETS; b++) {
                    mean += t[Network.column(b, entry) + u];
                }
                mean /= Network.BUCKETS;
                w[SHARED + entry * H + u] = mean / Network.ONE;
                for (int b = 0; b < Network.BUCKETS; b++) {
                    w[BUCKETED + (b * ROW + entry) * H + u] =
                            (t[Network.column(b, entry) + u] - mean) / Network.ONE;
                }
            }
        }
        for (int u = 0; u < H; u++) {
            w[B1 + u] = t[Network.B1 + u] / (float) Network.ONE;
        }
        for (int i = 0; i < H2 * 2 * H; i++) {
            w[W2 + i] = t[Network.W2 + i] / (float) Network.W2_SCALE;
        }
        for (int o = 0; o < H2; o++) {
            w[B2 + o] = t[Network.B2 + o] / (float) Network.ONE;
            w[W3 + o] = t[Network.W3 + o] / (OUT * EvalWeights.SCALE);
        }
        w[BIAS] = e.material()[0] / (OUT * EvalWeights.SCALE);
        return new NetworkModel(w);
    }

    @Override
    public FeatureSet features() {
        return FeatureSet.HKN;
    }

    @Override
    public float[] weights() {
        return w;
    }

    @Override
    public EvalWeights toEvalWeights() {
        short[] t = new short[Network.SIZE];
        for (int b = 0; b < Network.BUCKETS; b++) {
            for (int e = 0; e < ROW; e++) {
                for (int u = 0; u < H; u++) {
                    float v = w[SHARED + e * H + u] + w[BUCKETED + (b * ROW + e) * H + u];
                    t[Network.column(b, e) + u] = int16(v * Network.ONE);
                }
            }
        }
        for (int u = 0; u < H; u++) {
            t[Network.B1 + u] = int16(w[B1 + u] * Network.ONE);
        }
        for (int i = 0; i < H2 * 2 * H; i++) {
            t[Network.W2 + i] = int16(w[W2 + i] * Network.W2_SCALE);
        }
        for (int o = 0; o < H2; o++) {
            t[Network.B2 + o] = int16(w[B2 + o] * Network.ONE);
            t[Network.W3 + o] = int16(w[W3 + o] * OUT * EvalWeights.SCALE);
        }
        int[] m = new int[FeatureSet.MATERIAL_NB];
        m[0] = Math.round(w[BIAS] * OUT * EvalWeights.SCALE);
        return new EvalWeights(FeatureSet.HKN, m, t);
    }

    private static short int16(float v) {
        return (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, Math.round(v)));
    }

    @Override
    public Model.Sample sample() {
        return new Sample();
    }

    private static float clamp(float v) {
        return v < 0 ? 0 : Math.min(v, 1);
    }

    /** One thread's forward pass, kept for its backward pass. */
    private final class Sample implements Model.Sample {
        final int[] board = new int[Square.NB], hand = new int[2 * HAND_NB];

        /** Active entries per view and their count; the view's bucket. */
        final int[][] entries = new int[2][LinearModel.MAX_FEATURES];

        final int[] count = new int[2], bucket = new int[2];
        final float[][] acc = {new float[H], new float[H]};
        final float[] x = new float[2 * H], dx = new float[2 * H];
        final float[] hidden = new float[H2];
        int side;

        @Override
        public double eval(TrainingData.Part part, int i) {
            side = PackedSfen.unpack(part.records(), i * PackedSfenValue.BYTES, board, hand);
            int[] king = new int[2];
            for (int sq = 0; sq < Square.NB; sq++) {
                if (board[sq] != 0 && type(board[sq]) == KING) {
                    king[color(board[sq])] = sq;
                }
            }
            for (int view = 0; view < 2; view++) {
                bucket[view] = Network.bucket(view, king[view]);
                int n = 0;
                int[] e = entries[view];
                for (int sq = 0; sq < Square.NB; sq++) {
                    if (board[sq] != 0) {
                        e[n++] = FeatureSet.boardIndex(view, board[sq], sq);
                    }
                }
                for (int c = 0; c < 2; c++) {
                    for (int h = PAWN; h <= GOLD; h++) {
                        for (int k = hand[c * HAND_NB + h]; k > 0; k--) {
                            e[n++] = FeatureSet.handIndex(view, c, h, k);
                        }
                    }
                }
                count[view] = n;
                float[] a = acc[view];
                System.arraycopy(w, B1, a, 0, H);
                for (int j = 0; j < n; j++) {
                    int s = SHARED + e[j] * H, b = BUCKETED + (bucket[view] * ROW + e[j]) * H;
                    for (int u = 0; u < H; u++) {
                        a[u] += w[s + u] + w[b + u];
                    }
                }
            }
            for (int u = 0; u < H; u++) {
                x[u] = clamp(acc[side][u]);
                x[H + u] = clamp(acc[side ^ 1][u]);
            }
            float out = w[BIAS];
            for (int o = 0; o < H2; o++) {
                float s = w[B2 + o];
                int row = W2 + o * 2 * H;
                for (int u = 0; u < 2 * H; u++) {
                    s += w[row + u] * x[u];
                }
                hidden[o] = clamp(s);
                out += w[W3 + o] * hidden[o];
            }
            return out * OUT + part.base(i);
        }

        /**
         * Backpropagation through the clamps (a unit pinned at 0 or 1 passes no gradient), in three
         * steps: output layer, second layer, first layer.
         */
        @Override
        public void learn(double gradient, float[] squares, double rate) {
            final float g = (float) (gradient * OUT), r = (float) (rate * RATE_SCALE);
            // 1. Output weights and bias.
            Arrays.fill(dx, 0);
            for (int o = 0; o < H2; o++) {
                float dh = hidden[o] > 0 && hidden[o] < 1 ? g * w[W3 + o] : 0;
                step(W3 + o, g * hidden[o], squares, r);
                // 2. Second layer: its weights, bias, and the gradient reaching its inputs.
                if (dh != 0) {
                    int row = W2 + o * 2 * H;
                    for (int u = 0; u < 2 * H; u++) {
                        dx[u] += w[row + u] * dh;
                        if (x[u] != 0) {
                            step(row + u, dh * x[u], squares, r);
                        }
                    }
                    step(B2 + o, dh, squares, r);
                }
            }
            step(BIAS, g, squares, r);
            // 3. First layer: the columns of the active entries, shared and per bucket.
            for (int view = 0; view < 2; view++) {
                int half = view == side ? 0 : H;
                float[] a = acc[view];
                for (int u = 0; u < H; u++) {
                    float d = a[u] > 0 && a[u] < 1 ? dx[half + u] : 0;
                    dx[half + u] = d;
                    if (d != 0) {
                        step(B1 + u, d, squares, r);
                    }
                }
                int[] e = entries[view];
                for (int j = 0; j < count[view]; j++) {
                    int s = SHARED + e[j] * H, b = BUCKETED + (bucket[view] * ROW + e[j]) * H;
                    for (int u = 0; u < H; u++) {
                        float d = dx[half + u];
                        if (d != 0) {
                            step(s + u, d, squares, r);
                            step(b + u, d, squares, r);
                        }
                    }
                }
            }
        }

        private void step(int i, float g, float[] squares, float rate) {
            float sq = squares[i] + g * g;
            squares[i] = sq;
            w[i] -= rate * g / (float) Math.sqrt(sq + 1e-10f);
        }
    }
}
