package dev.joseki.learn;

import dev.joseki.engine.Evaluator;
import dev.joseki.notation.PackedSfenValue;

/**
 * Which scale K makes an evaluation's sigmoid(eval / K) fit the game results of a part best: the K
 * of {@link ElmoLoss} at which the results part of the loss agrees with the evaluation as it is, so
 * that training does not spend its weights on stretching or shrinking every score. Scores that the
 * games bear out at face value give K near 600; self-play at low node counts, which throws large
 * leads away, gives more.
 *
 * <p>Searched on a geometric grid from 100 to 10,000 centipawns, steps of 5 %: the loss is smooth
 * in K, and 5 % is finer than any choice the fit's outcome depends on.
 */
public final class ScaleCalibration {
    /** The best K and the mean result loss H(r, sigmoid(eval / K)) there. */
    public record Result(double scale, double resultLoss) {}

    private static final double LOW = 100, HIGH = 10_000, STEP = 1.05;

    private ScaleCalibration() {}

    public static Result of(Evaluator evaluator, TrainingData.Part part) {
        int n = part.count();
        int[] evals = new int[n], results = new int[n];
        for (int i = 0; i < n; i++) {
            PackedSfenValue v = PackedSfenValue.read(part.records(), i * PackedSfenValue.BYTES);
            evals[i] = evaluator.evaluate(v.position());
            results[i] = v.result();
        }
        return of(evals, results);
    }

    /** The best K for these evaluations (side to move) and results (1, 0, -1). */
    static Result of(int[] evals, int[] results) {
        if (evals.length == 0) {
            throw new IllegalArgumentException("no positions to calibrate the scale on");
        }
        ElmoLoss best = null;
        double bestLoss = Double.MAX_VALUE;
        for (double k = LOW; k <= HIGH; k *= STEP) {
            ElmoLoss resultsOnly = new ElmoLoss(0, k);
            double sum = 0;
            for (int i = 0; i < evals.length; i++) {
                sum += resultsOnly.loss(evals[i], 0, results[i]);
            }
            if (sum < bestLoss) {
                bestLoss = sum;
                best = resultsOnly;
            }
        }
        return new Result(best.scale(), bestLoss / evals.length);
    }
}
