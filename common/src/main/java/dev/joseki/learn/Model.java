package dev.joseki.learn;

import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.FeatureSet;

/**
 * A trained evaluation as the trainer sees it: float parameters, flat, and per-thread samples that
 * score a training record and take one AdaGrad step on it. {@link LinearModel} for the table sets,
 * {@link NetworkModel} for {@link FeatureSet#HKN}.
 */
public interface Model {
    FeatureSet features();

    /** The parameters; written by training threads without locks (Hogwild). */
    float[] weights();

    /** The parameters in the engine's units. */
    EvalWeights toEvalWeights();

    /** Scratch for one thread. */
    Sample sample();

    /** How many float parameters a model of features trains. */
    static int parameters(FeatureSet features) {
        return features.network() ? NetworkModel.PARAMETERS : features.weightCount();
    }

    /** A fresh model: where training starts. */
    static Model start(FeatureSet features, long seed) {
        return features.network()
                ? NetworkModel.start(seed)
                : LinearModel.of(EvalWeights.start(features));
    }

    /** A model of saved parameters. */
    static Model of(FeatureSet features, float[] weights) {
        return features.network() ? new NetworkModel(weights) : new LinearModel(features, weights);
    }

    /** A model of an engine's weights: where fine-tuning from an evaluation file starts. */
    static Model of(EvalWeights e) {
        return e.features().network() ? NetworkModel.of(e) : LinearModel.of(e);
    }

    /** One thread's view of the model. */
    interface Sample {
        /**
         * The model's score of record i of part for the side to move, in centipawns, plus the
         * record's base score (zero but for a residual set). Keeps what {@link #learn} needs.
         */
        double eval(TrainingData.Part part, int i);

        /**
         * One AdaGrad step on the record last evaluated: gradient is d loss / d eval; each
         * parameter moves by rate / sqrt(its summed squared gradients) times its gradient.
         */
        void learn(double gradient, float[] squares, double rate);
    }
}
