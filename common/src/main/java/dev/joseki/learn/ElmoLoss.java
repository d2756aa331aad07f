package dev.joseki.learn;

/**
 * elmo's blended loss (elmo, 2017; YaneuraOu's learner): with p = sigmoid(eval / K), the teacher's
 * q = sigmoid(score / K) and the game's r (1 win, 1/2 draw, 0 loss, for the side to move),
 *
 * <pre>
 *   loss = lambda * H(q, p) + (1 - lambda) * H(r, p),   H(t, p) = -t ln p - (1 - t) ln(1 - p)
 *   d loss / d eval = (p - (lambda * q + (1 - lambda) * r)) / K
 * </pre>
 *
 * Scores in centipawns (a pawn = 100). K, the scale, says how many centipawns make one side win
 * about three games in four (p = 0.73): 600 is the constant elmo used for its evaluation units
 * (Ponanza's). It belongs to the games the results come from: in self-play at a few thousand nodes
 * a move, where large leads are often thrown away, the results fit a scale near 1,600
 * (docs/training.md). Lambda 1 fits the teacher's scores alone, lambda 0 the results alone.
 *
 * @param lambda the weight of the teacher's score, 0..1
 * @param scale K, centipawns, > 0
 */
public record ElmoLoss(double lambda, double scale) {
    public static final double DEFAULT_SCALE = 600;
    private static final double EPS = 1e-12;

    public ElmoLoss {
        if (lambda < 0 || lambda > 1) {
            throw new IllegalArgumentException("--lambda must be 0..1, got " + lambda);
        }
        if (!(scale > 0)) {
            throw new IllegalArgumentException("--scale must be > 0, got " + scale);
        }
    }

    public static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /** The blended target lambda * q + (1 - lambda) * r. */
    public double target(int score, int result) {
        return lambda * sigmoid(score / scale) + (1 - lambda) * (result + 1) / 2.0;
    }

    public double loss(double eval, int score, int result) {
        double p = Math.min(1 - EPS, Math.max(EPS, sigmoid(eval / scale)));
        double q = sigmoid(score / scale), r = (result + 1) / 2.0;
        return lambda * crossEntropy(q, p) + (1 - lambda) * crossEntropy(r, p);
    }

    /** d loss / d eval. */
    public double gradient(double eval, int score, int result) {
        return (sigmoid(eval / scale) - target(score, result)) / scale;
    }

    private static double crossEntropy(double t, double p) {
        return -t * Math.log(p) - (1 - t) * Math.log(1 - p);
    }
}
