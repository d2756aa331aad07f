package dev.joseki.learn;

/**
 * elmo's blended loss (elmo, 2017; YaneuraOu's learner): with p = sigmoid(eval / 600), the
 * teacher's q = sigmoid(score / 600) and the game's r (1 win, 1/2 draw, 0 loss, for the side to
 * move),
 *
 * <pre>
 *   loss = lambda * H(q, p) + (1 - lambda) * H(r, p),   H(t, p) = -t ln p - (1 - t) ln(1 - p)
 *   d loss / d eval = (p - (lambda * q + (1 - lambda) * r)) / 600
 * </pre>
 *
 * Scores in centipawns (a pawn = 100): 600 cp makes p = 0.73 (one side wins about three games in
 * four), the scale elmo used for its evaluation units (Ponanza's constant). Lambda 1 fits the
 * teacher's scores alone, lambda 0 the results alone.
 */
public final class ElmoLoss {
    public static final double SCALE = 600;
    private static final double EPS = 1e-12;

    private ElmoLoss() {}

    public static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /** The blended target lambda * q + (1 - lambda) * r. */
    public static double target(double lambda, int score, int result) {
        return lambda * sigmoid(score / SCALE) + (1 - lambda) * (result + 1) / 2.0;
    }

    public static double loss(double lambda, double eval, int score, int result) {
        double p = Math.min(1 - EPS, Math.max(EPS, sigmoid(eval / SCALE)));
        double q = sigmoid(score / SCALE), r = (result + 1) / 2.0;
        return lambda * crossEntropy(q, p) + (1 - lambda) * crossEntropy(r, p);
    }

    /** d loss / d eval. */
    public static double gradient(double lambda, double eval, int score, int result) {
        return (sigmoid(eval / SCALE) - target(lambda, score, result)) / SCALE;
    }

    private static double crossEntropy(double t, double p) {
        return -t * Math.log(p) - (1 - t) * Math.log(1 - p);
    }
}
