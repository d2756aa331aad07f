package dev.joseki.tournament.tune;

import java.util.List;

/**
 * The two points of iteration k: θ+ = clamp(θ + c_k·Δ) and θ− = clamp(θ − c_k·Δ), with the c_k and
 * Δ the update needs. θ is the value when the probe was drawn; with several iterations in flight it
 * may be older than the θ the update is applied to, as in Fishtest.
 */
public record SpsaProbe(
        int iteration, List<Double> c, List<Integer> flips, List<Double> plus, List<Double> minus) {
    public SpsaProbe {
        c = List.copyOf(c);
        flips = List.copyOf(flips);
        plus = List.copyOf(plus);
        minus = List.copyOf(minus);
    }
}
