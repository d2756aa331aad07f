package dev.joseki.engine;

/**
 * The weights of a trained evaluation, in 1/{@link #SCALE} centipawn: material as int32 (indexed as
 * {@link FeatureSet} says), the table as int16. The arrays are the caller's no longer: the record
 * is treated as immutable by everyone who holds it.
 */
public record EvalWeights(FeatureSet features, int[] material, short[] table) {
    /** Weights count 1/32 of a centipawn: a table entry spans ±1,023 centipawns. */
    public static final int SCALE = 32;

    public EvalWeights {
        if (material.length != FeatureSet.MATERIAL_NB || table.length != features.tableSize()) {
            throw new IllegalArgumentException(
                    "weights of "
                            + (material.length + table.length)
                            + " values for feature set "
                            + features.label
                            + ", which has "
                            + features.weightCount());
        }
    }

    /** The engine's evaluator of these weights. */
    public Evaluator evaluator() {
        return features.network() ? new NetworkEvaluator(this) : new TrainedEvaluator(this);
    }

    /**
     * Where training starts: for a {@link FeatureSet#residual} set all zero (the handcrafted
     * evaluation alone, its material not counted twice), else {@link #material}.
     */
    public static EvalWeights start(FeatureSet features) {
        if (features.residual) {
            return new EvalWeights(
                    features, new int[FeatureSet.MATERIAL_NB], new short[features.tableSize()]);
        }
        return material(features);
    }

    /** Material from {@link Material}'s values and an all-zero table. */
    public static EvalWeights material(FeatureSet features) {
        int[] m = new int[FeatureSet.MATERIAL_NB];
        for (int t = 1; t < dev.joseki.rules.Piece.TYPE_NB; t++) {
            m[FeatureSet.boardMaterial(t)] = Material.boardValue(t) * SCALE;
        }
        for (int h = 1; h < dev.joseki.rules.Piece.HAND_NB; h++) {
            m[FeatureSet.handMaterial(h)] = Material.handValue(h) * SCALE;
        }
        return new EvalWeights(features, m, new short[features.tableSize()]);
    }
}
