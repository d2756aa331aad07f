package dev.joseki.engine;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Square;

/**
 * The shape of the {@link FeatureSet#HKN} network and where its weights lie in an {@link
 * EvalWeights} table (int16). The network corrects the handcrafted evaluation; as in NNUE (Nasu
 * 2018) its first layer is a sum of weight columns, one per active feature, updated incrementally.
 *
 * <pre>
 *   input   per king view: the features of {@link FeatureSet} (board and hand pieces, 2,506 per row),
 *           in the row of the view's king bucket (BUCKETS = 9: distance of the king from the nearer
 *           edge file in pairs, 0-1 / 2-3 / 4, times its rank from its own side, 1-6 / 7-8 / 9)
 *   layer 1 acc[view][H] = B1 + sum of W1[bucket][feature][H]      units 1/ONE, used as clamp(acc, 0, ONE)
 *   layer 2 h[H2] = clamp(round((B2 * W2_SCALE + W2[H2][2H] . x) / W2_SCALE), 0, ONE),
 *           x = clamped acc[side to move] ++ clamped acc[other]; B2 in 1/ONE, W2 in 1/W2_SCALE
 *   output  (W3[H2] . h) / ONE + material[0], in 1/32 centipawn, rounded to the centipawn and
 *           added to the handcrafted score
 *
 *   table   W1 (BUCKETS * ROW * H) | B1 (H) | W2 (H2 * 2H, row-major per output) | B2 (H2) | W3 (H2)
 * </pre>
 *
 * Both views read the same weights, each from its own side, so the network is colour-symmetric by
 * construction; material[0] holds the output bias, the other material weights are unused (zero).
 */
public final class Network {
    public static final int H = 16;
    public static final int H2 = 16;
    public static final int BUCKETS = 9;

    /**
     * The activation's one: a first- or second-layer unit is clamped to 0..ONE. Trained weights are
     * small (first layer |w| < 1, mean 0.04): at 1/1024 their rounding costs under a centipawn,
     * where NNUE's 1/127 cost 25 (measured on a trained file, 2026-11-29).
     */
    public static final int ONE = 1024;

    /** W2 is stored times W2_SCALE, a power of two. */
    public static final int W2_SCALE = 1024;

    public static final int W1 = 0;
    public static final int B1 = BUCKETS * FeatureSet.ROW * H;
    public static final int W2 = B1 + H;
    public static final int B2 = W2 + H2 * 2 * H;
    public static final int W3 = B2 + H2;
    public static final int SIZE = W3 + H2;

    /** BUCKET[relative king square]. */
    private static final int[] BUCKET = new int[Square.NB];

    static {
        for (int sq = 0; sq < Square.NB; sq++) {
            int file = sq / 9, rank = sq % 9; // rank 8 is the king's own back rank
            int edge = Math.min(file, 8 - file) / 2;
            BUCKET[sq] = edge * 3 + (rank < 6 ? 0 : rank < 8 ? 1 : 2);
        }
    }

    private Network() {}

    /** The bucket of the king of colour view standing on kingSq. */
    public static int bucket(int view, int kingSq) {
        return BUCKET[view == Piece.BLACK ? kingSq : Square.flip(kingSq)];
    }

    /** The first weight of the column of feature entry (within a row) in bucket. */
    public static int column(int bucket, int entry) {
        return W1 + (bucket * FeatureSet.ROW + entry) * H;
    }
}
