package dev.joseki.learn;

import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.notation.PackedSfenValue;

/**
 * The base scores of a residual feature set ({@link dev.joseki.engine.FeatureSet#residual}): the
 * default handcrafted evaluation of every position of a part, computed once when the data is
 * loaded, one int per position (4 bytes beside the record's 40), for the side to move in
 * centipawns, as {@link dev.joseki.engine.TrainedEvaluator} adds it to the trained correction.
 */
public final class HandcraftedBase {
    private HandcraftedBase() {}

    /** part with its handcrafted scores, computed on threads threads. */
    public static TrainingData.Part attach(TrainingData.Part part, int threads)
            throws InterruptedException {
        int[] base = new int[part.count()];
        Trainer.runSlices(
                part.count(),
                threads,
                (slice, from, to) -> {
                    HandcraftedEvaluator eval = new HandcraftedEvaluator();
                    for (int i = from; i < to; i++) {
                        base[i] =
                                eval.evaluate(
                                        PackedSfenValue.read(
                                                        part.records(), i * PackedSfenValue.BYTES)
                                                .position());
                    }
                });
        return part.withBase(base);
    }
}
