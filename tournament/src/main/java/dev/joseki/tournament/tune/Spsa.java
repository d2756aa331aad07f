package dev.joseki.tournament.tune;

import java.util.ArrayList;
import java.util.List;

/**
 * SPSA as Fishtest plays it: each iteration is one game pair θ+ against θ− (colours swapped), and
 * its result r = wins − losses of θ+ over the pair (draws count 0, so r ∈ {−2 … 2}) moves θ by
 *
 * <pre>
 *   θ_i ← clamp(θ_i + R_i · c_i · r · Δ_i),   R_i = a_k / c_k²
 * </pre>
 *
 * exactly fishtest's server/fishtest/spsa_handler.py update_spsa_data ({@code param["theta"] =
 * _param_clip(param, R * c * result * flip)}); since Δ_i = ±1 this is θ + a_k · r / (c_k · Δ_i).
 */
public final class Spsa {
    private final List<TuneParameter> params;
    private final SpsaSchedule schedule;
    private final long seed;

    public Spsa(List<TuneParameter> params, SpsaSchedule schedule, long seed) {
        if (params.isEmpty()) {
            throw new IllegalArgumentException("nothing to tune: give at least one parameter");
        }
        this.params = List.copyOf(params);
        this.schedule = schedule;
        this.seed = seed;
    }

    public static Spsa of(SpsaState state) {
        return new Spsa(state.parameterList(), state.schedule(), state.seed());
    }

    public List<TuneParameter> parameters() {
        return params;
    }

    /** The probe of iteration k (1-based) around θ. */
    public SpsaProbe probe(List<Double> theta, int k) {
        int[] flips = Perturbation.flips(seed, k, params.size());
        List<Double> c = new ArrayList<>();
        List<Integer> d = new ArrayList<>();
        List<Double> plus = new ArrayList<>();
        List<Double> minus = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) {
            TuneParameter p = params.get(i);
            double ck = schedule.c(p, k);
            c.add(ck);
            d.add(flips[i]);
            plus.add(p.clamp(theta.get(i) + ck * flips[i]));
            minus.add(p.clamp(theta.get(i) - ck * flips[i]));
        }
        return new SpsaProbe(k, c, d, plus, minus);
    }

    /**
     * Applies the result of the probe of iteration state.iteration() + 1 (updates come in iteration
     * order).
     */
    public SpsaState update(SpsaState state, SpsaProbe probe, double result) {
        if (probe.iteration() != state.iteration() + 1) {
            throw new IllegalStateException(
                    "update of iteration " + probe.iteration() + " after " + state.iteration());
        }
        int k = probe.iteration();
        List<Double> theta = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) {
            TuneParameter p = params.get(i);
            double ck = probe.c().get(i);
            double bigR = schedule.a(p, k) / (ck * ck);
            theta.add(p.clamp(state.theta().get(i) + bigR * ck * result * probe.flips().get(i)));
        }
        return state.next(theta, result);
    }
}
