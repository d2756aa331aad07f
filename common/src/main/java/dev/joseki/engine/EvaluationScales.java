package dev.joseki.engine;

/**
 * How strongly each group of {@link EvaluationWeights} counts, in percent of the fitted table: the
 * evaluation parameters an SPSA tune may move (the built-in engine's hidden TuneEval* options).
 * Scaling a whole group keeps its fitted shape and leaves four parameters, few enough for a tune of
 * a few thousand games to move; tuning the hundreds of table entries one by one would not. At 100 %
 * every weight is the table's own, so an evaluation is exactly what it was before the scales
 * existed (the bench signature checks it).
 *
 * @param pst the piece-square tables
 * @param attack the pieces' nearness to the enemy king
 * @param defence the pieces' nearness to their own king
 * @param handThreat the king-safety term: enemy hand pieces against a king short of generals
 */
public record EvaluationScales(int pst, int attack, int defence, int handThreat) {
    public static final EvaluationScales DEFAULT = new EvaluationScales(100, 100, 100, 100);

    public EvaluationScales {
        if (pst < 0 || attack < 0 || defence < 0 || handThreat < 0) {
            throw new IllegalArgumentException("an evaluation scale must be 0 % or more");
        }
    }

    /** weight · percent / 100, rounded half away from zero (exact at 100 %). */
    static int scale(int weight, int percent) {
        return (int) Math.round(weight * (double) percent / 100.0);
    }
}
