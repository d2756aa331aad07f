package dev.joseki.tournament.tune;

/**
 * Fishtest's SPSA gain sequences for a run of N iterations (one iteration = one game pair),
 * iterations numbered k = 1 … N:
 *
 * <pre>
 *   c_k = c / k^gamma            with c = c_end · N^gamma            (so c_N = c_end)
 *   a_k = a / (A + k)^alpha      with a = r_end · c_end² · (A + N)^alpha (so a_N = r_end · c_end²)
 * </pre>
 *
 * as fishtest's server/fishtest/util.py parse_spsa_params computes c and a, and spsa_handler.py
 * uses them with k = iter + 1. The defaults are those of fishtest's test-submission form
 * (templates/tests_run.mak): alpha 0.602 and gamma 0.101 (Spall's recommended exponents) and an A
 * ratio of 0.1, A = 0.1 · N (fishtest: int(A_ratio · num_games / 2)).
 */
public record SpsaSchedule(int iterations, double alpha, double gamma, double bigA) {
    public static final double DEFAULT_ALPHA = 0.602;
    public static final double DEFAULT_GAMMA = 0.101;
    public static final double DEFAULT_A_RATIO = 0.1;

    public SpsaSchedule {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
        }
        if (alpha < 0 || gamma < 0 || bigA < 0) {
            throw new IllegalArgumentException("alpha, gamma and A must not be negative");
        }
    }

    /** Fishtest's defaults for N iterations. */
    public static SpsaSchedule defaults(int iterations) {
        return new SpsaSchedule(
                iterations, DEFAULT_ALPHA, DEFAULT_GAMMA, Math.floor(DEFAULT_A_RATIO * iterations));
    }

    /** Perturbation c_k of parameter p at iteration k (1-based). */
    public double c(TuneParameter p, int k) {
        return p.cEnd() * Math.pow(iterations, gamma) / Math.pow(k, gamma);
    }

    /** Step size a_k of parameter p at iteration k (1-based). */
    public double a(TuneParameter p, int k) {
        double a = p.rEnd() * p.cEnd() * p.cEnd() * Math.pow(bigA + iterations, alpha);
        return a / Math.pow(bigA + k, alpha);
    }
}
