package dev.joseki.learn;

import static dev.joseki.rules.Piece.*;

import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.FeatureSet;
import dev.joseki.notation.PackedSfen;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.rules.Square;

/**
 * The trained evaluation as the trainer sees it: float weights in centipawns, flat (the {@link
 * FeatureSet#MATERIAL_NB} material weights, then the table), and a position's active features as
 * sparse (index, coefficient) pairs such that the score from Black's side is {@code sum(w[i] * c)}.
 * The same features and signs as {@link dev.joseki.engine.TrainedEvaluator}: Black's view's entries
 * count +1, White's -1, material by signed counts; {@link #toEvalWeights} rounds to the engine's
 * 1/32 centipawn.
 */
public final class LinearModel implements Model {
    /** More than the most features one position can have (21 material, 2 x (40 + 38) table). */
    public static final int MAX_FEATURES = 192;

    private final FeatureSet features;

    /** Weights in centipawns; written by training threads without locks (Hogwild). */
    final float[] w;

    public LinearModel(FeatureSet features, float[] weights) {
        if (weights.length != features.weightCount()) {
            throw new IllegalArgumentException("model of " + weights.length + " weights");
        }
        this.features = features;
        this.w = weights;
    }

    /** The engine's weights as floats. */
    public static LinearModel of(EvalWeights e) {
        float[] w = new float[e.features().weightCount()];
        for (int i = 0; i < FeatureSet.MATERIAL_NB; i++) {
            w[i] = e.material()[i] / (float) EvalWeights.SCALE;
        }
        short[] t = e.table();
        for (int i = 0; i < t.length; i++) {
            w[FeatureSet.MATERIAL_NB + i] = t[i] / (float) EvalWeights.SCALE;
        }
        return new LinearModel(e.features(), w);
    }

    @Override
    public FeatureSet features() {
        return features;
    }

    @Override
    public float[] weights() {
        return w;
    }

    @Override
    public Model.Sample sample() {
        return new Sample();
    }

    /** Per-thread buffers: the decoded position and its features. */
    private final class Sample implements Model.Sample {
        final int[] board = new int[81], hand = new int[16];
        final int[] idx = new int[MAX_FEATURES];
        final float[] coef = new float[MAX_FEATURES];
        int n;

        /** +1 when Black is to move, else -1. */
        int sign;

        @Override
        public double eval(TrainingData.Part part, int i) {
            int side = PackedSfen.unpack(part.records(), i * PackedSfenValue.BYTES, board, hand);
            sign = side == BLACK ? 1 : -1;
            n = features(board, hand, idx, coef);
            return sign * score(idx, coef, n) + part.base(i);
        }

        @Override
        public void learn(double gradient, float[] squares, double rate) {
            double g = gradient * sign;
            for (int f = 0; f < n; f++) {
                int j = idx[f];
                double gj = g * coef[f];
                float sq = squares[j] + (float) (gj * gj);
                squares[j] = sq;
                w[j] -= (float) (rate * gj / Math.sqrt(sq + 1e-12));
            }
        }
    }

    /** The weights rounded to the engine's units, table entries clamped to int16. */
    @Override
    public EvalWeights toEvalWeights() {
        int[] m = new int[FeatureSet.MATERIAL_NB];
        for (int i = 0; i < m.length; i++) {
            m[i] = Math.round(w[i] * EvalWeights.SCALE);
        }
        short[] t = new short[features.tableSize()];
        for (int i = 0; i < t.length; i++) {
            long v = Math.round((double) w[FeatureSet.MATERIAL_NB + i] * EvalWeights.SCALE);
            t[i] = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, v));
        }
        return new EvalWeights(features, m, t);
    }

    /**
     * Fills idx / coef with the features of the position (board: 81 coloured pieces, hand: colour *
     * 8 + type) and returns how many there are.
     */
    public int features(int[] board, int[] hand, int[] idx, float[] coef) {
        // Material first: signed counts gathered in the first MATERIAL_NB slots of coef, then
        // compacted in place to the non-zero ones (the write index never passes the read index).
        java.util.Arrays.fill(coef, 0, FeatureSet.MATERIAL_NB, 0f);
        int bk = -1, wk = -1;
        for (int sq = 0; sq < Square.NB; sq++) {
            int p = board[sq];
            if (p == 0) {
                continue;
            }
            if (type(p) == KING) {
                if (color(p) == BLACK) {
                    bk = sq;
                } else {
                    wk = sq;
                }
                continue;
            }
            coef[FeatureSet.boardMaterial(type(p))] += color(p) == BLACK ? 1 : -1;
        }
        for (int h = PAWN; h <= GOLD; h++) {
            coef[FeatureSet.handMaterial(h)] = hand[h] - hand[HAND_NB + h];
        }
        int n = 0;
        for (int i = 0; i < FeatureSet.MATERIAL_NB; i++) {
            if (coef[i] != 0) {
                idx[n] = i;
                coef[n++] = coef[i];
            }
        }
        if (features.rows == 0) {
            return n;
        }
        for (int view = 0; view < 2; view++) {
            int row = FeatureSet.MATERIAL_NB + features.rowStart(view, view == BLACK ? bk : wk);
            float sign = view == BLACK ? 1 : -1;
            for (int sq = 0; sq < Square.NB; sq++) {
                if (board[sq] != 0) {
                    idx[n] = row + FeatureSet.boardIndex(view, board[sq], sq);
                    coef[n++] = sign;
                }
            }
            for (int c = 0; c < 2; c++) {
                for (int h = PAWN; h <= GOLD; h++) {
                    for (int k = hand[c * HAND_NB + h]; k > 0; k--) {
                        idx[n] = row + FeatureSet.handIndex(view, c, h, k);
                        coef[n++] = sign;
                    }
                }
            }
        }
        return n;
    }

    /** The score from Black's side of the n features. */
    public double score(int[] idx, float[] coef, int n) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += w[idx[i]] * coef[i];
        }
        return s;
    }
}
