package dev.joseki.tournament.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SpsaTest {
    private static final int N = 1000;

    /**
     * A simulated engine whose strength is −Σ(θ_i − θ*_i)² Elo: a game of θ+ against θ− is won with
     * the logistic Elo probability 1 / (1 + 10^(−d/400)), d = f(θ+) − f(θ−), never drawn.
     */
    private static double pairResult(SpsaProbe probe, double[] optimum, SplittableRandom games) {
        double d = elo(probe.plus(), optimum) - elo(probe.minus(), optimum);
        double p = 1 / (1 + Math.pow(10, -d / 400));
        double r = 0;
        for (int g = 0; g < 2; g++) {
            r += games.nextDouble() < p ? 1 : -1;
        }
        return r;
    }

    private static double elo(List<Double> theta, double[] optimum) {
        double s = 0;
        for (int i = 0; i < optimum.length; i++) {
            s -= (theta.get(i) - optimum[i]) * (theta.get(i) - optimum[i]);
        }
        return s;
    }

    private static SpsaState tune(List<TuneParameter> params, double[] optimum, long seed) {
        SpsaSchedule schedule = SpsaSchedule.defaults(N);
        Spsa spsa = new Spsa(params, schedule, seed);
        SpsaState s = SpsaState.start("t", params, schedule, seed, 1);
        SplittableRandom games = new SplittableRandom(seed + 1000);
        while (!s.finished()) {
            SpsaProbe probe = spsa.probe(s.theta(), s.iteration() + 1);
            s = spsa.update(s, probe, pairResult(probe, optimum, games));
        }
        return s;
    }

    /*
     * Why 2.0 is a fair tolerance. Near θ*, with d small, E[r] = 4(p − ½) ≈ d·ln10/400 and
     * d = −4·c_k·(θ − θ*)·Δ, so the expected step a_k/c_k·E[r]·Δ = −a_k·(ln10/100)·(θ − θ*):
     * θ − θ* shrinks by the factor (1 − 0.023·a_k) per iteration; with a_k from 0.8 (k = 1) down to
     * a_N = r_end·c_end² = 0.2, Σ 0.023·a_k over 1,000 iterations is about 7, so the start error
     * (at most 30) is gone. What stays is noise: Var r ≈ 2 gives a step variance (a_k/c_k)²·2 and a
     * stationary variance (a/c)²·2 / (2·0.023·a) = r_end/0.023 ≈ 0.087 at the end, σ ≈ 0.3 per
     * parameter. 2.0 is over 6σ; a simulation of the same model over 200 seeds never exceeded 0.8
     * (one parameter) and 1.8 (the largest of three).
     */
    @Test
    void oneParameterConvergesNearItsOptimum() {
        List<TuneParameter> params = List.of(new TuneParameter("x", 20, 0, 100, 10, 0.002));
        for (long seed = 1; seed <= 5; seed++) {
            SpsaState s = tune(params, new double[] {50}, seed);
            assertThat(s.theta().get(0)).as("seed %d", seed).isCloseTo(50, within(2.0));
            assertThat(s.history()).hasSize(N + 1);
        }
    }

    @Test
    void threeParametersConvergeTogether() {
        List<TuneParameter> params =
                List.of(
                        new TuneParameter("x", 20, 0, 100, 10, 0.002),
                        new TuneParameter("y", 60, 0, 100, 10, 0.002),
                        new TuneParameter("z", 40, 0, 100, 10, 0.002));
        double[] optimum = {50, 45, 55};
        for (long seed = 1; seed <= 5; seed++) {
            SpsaState s = tune(params, optimum, seed);
            for (int i = 0; i < 3; i++) {
                assertThat(s.theta().get(i))
                        .as("seed %d parameter %d", seed, i)
                        .isCloseTo(optimum[i], within(2.0));
            }
        }
    }

    @Test
    void theUpdateIsFishtestsStep() {
        // N = 100, A = 10, k = 1: c_1 = 10·100^0.101 = 15.9220, a_1 = 0.2·(110/11)^0.602 =
        // 0.2·10^0.602 = 0.799891; step = a_1/c_1 · r · Δ = 0.050238 · 2 · Δ.
        TuneParameter p = new TuneParameter("x", 50, 0, 100, 10, 0.002);
        SpsaSchedule schedule = SpsaSchedule.defaults(100);
        Spsa spsa = new Spsa(List.of(p), schedule, 7);
        SpsaState s = SpsaState.start("t", List.of(p), schedule, 7, 1);
        SpsaProbe probe = spsa.probe(s.theta(), 1);
        int flip = probe.flips().get(0);
        assertThat(probe.plus().get(0)).isCloseTo(50 + 15.9220 * flip, within(1e-3));
        assertThat(probe.minus().get(0)).isCloseTo(50 - 15.9220 * flip, within(1e-3));
        SpsaState next = spsa.update(s, probe, 2);
        assertThat(next.theta().get(0)).isCloseTo(50 + 0.100477 * flip, within(1e-4));
        assertThat(next.iteration()).isEqualTo(1);
        assertThat(next.results()).containsExactly(2.0);
    }

    @Test
    void probesAndUpdatesStayWithinBounds() {
        // start at the max with c_1 ≈ 15.9: θ+ or θ− would pass 100 and is clamped to it
        TuneParameter p = new TuneParameter("x", 100, 0, 100, 10, 0.5);
        SpsaSchedule schedule = SpsaSchedule.defaults(100);
        Spsa spsa = new Spsa(List.of(p), schedule, 3);
        SpsaState s = SpsaState.start("t", List.of(p), schedule, 3, 1);
        SpsaProbe probe = spsa.probe(s.theta(), 1);
        assertThat(List.of(probe.plus().get(0), probe.minus().get(0)))
                .contains(100.0)
                .allSatisfy(v -> assertThat(v).isBetween(0.0, 100.0));
        // r_end 0.5 makes the step a_1/c_1·2 ≈ 25: pushed up it stops at 100
        int flip = probe.flips().get(0);
        SpsaState next = spsa.update(s, probe, 2 * flip);
        assertThat(next.theta().get(0)).isEqualTo(100.0);
        SpsaState down = spsa.update(s, probe, -2 * flip);
        assertThat(down.theta().get(0)).isLessThan(100.0).isGreaterThanOrEqualTo(0.0);
    }

    @Test
    void anUpdateOutOfOrderIsRefused() {
        TuneParameter p = new TuneParameter("x", 50, 0, 100, 10, 0.002);
        Spsa spsa = new Spsa(List.of(p), SpsaSchedule.defaults(10), 1);
        SpsaState s = SpsaState.start("t", List.of(p), SpsaSchedule.defaults(10), 1, 1);
        SpsaProbe second = spsa.probe(s.theta(), 2);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> spsa.update(s, second, 1))
                .isInstanceOf(IllegalStateException.class);
    }
}
