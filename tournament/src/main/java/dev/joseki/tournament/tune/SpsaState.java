package dev.joseki.tournament.tune;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a tune stands, written as JSON after every update so a run can resume ({@code
 * TuneStateJson}). The settings that fix the random draws and gains (parameters, iterations, seed,
 * batch, schedule exponents) are stored with it: a resumed run must use the same ones.
 *
 * <p>Invariants: {@code history.size() == iteration + 1} (history[0] is the start, history[k] θ
 * after update k), {@code results.size() == iteration}; batchTheta is the θ the probes of the
 * current batch (iterations ⌊iteration/batch⌋·batch + 1 … +batch) were drawn from, so a run stopped
 * inside a batch draws the same probes again.
 */
public record SpsaState(
        String name,
        List<String> parameters,
        int iterations,
        long seed,
        int batch,
        double alpha,
        double gamma,
        double bigA,
        int iteration,
        List<Double> theta,
        List<Double> batchTheta,
        List<List<Double>> history,
        List<Double> results) {

    public SpsaState {
        parameters = List.copyOf(parameters);
        theta = List.copyOf(theta);
        batchTheta = List.copyOf(batchTheta);
        history = history.stream().map(List::copyOf).toList();
        results = List.copyOf(results);
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be at least 1, got " + batch);
        }
        if (history.size() != iteration + 1 || results.size() != iteration) {
            throw new IllegalArgumentException(
                    "tune state is inconsistent: iteration "
                            + iteration
                            + " with "
                            + history.size()
                            + " history entries");
        }
        if (theta.size() != parameters.size() || batchTheta.size() != parameters.size()) {
            throw new IllegalArgumentException("tune state has a θ of the wrong length");
        }
    }

    /** The state before the first iteration: θ = start of every parameter. */
    public static SpsaState start(
            String name, List<TuneParameter> params, SpsaSchedule schedule, long seed, int batch) {
        List<Double> theta = params.stream().map(TuneParameter::start).toList();
        return new SpsaState(
                name,
                params.stream().map(TuneParameter::toLine).toList(),
                schedule.iterations(),
                seed,
                batch,
                schedule.alpha(),
                schedule.gamma(),
                schedule.bigA(),
                0,
                theta,
                theta,
                List.of(theta),
                List.of());
    }

    public List<TuneParameter> parameterList() {
        return parameters.stream().map(TuneParameter::parse).toList();
    }

    public SpsaSchedule schedule() {
        return new SpsaSchedule(iterations, alpha, gamma, bigA);
    }

    public boolean finished() {
        return iteration >= iterations;
    }

    /** θ after one more update with result r, keeping batchTheta. */
    SpsaState next(List<Double> newTheta, double r) {
        List<List<Double>> h = new ArrayList<>(history);
        h.add(newTheta);
        List<Double> rs = new ArrayList<>(results);
        rs.add(r);
        return new SpsaState(
                name,
                parameters,
                iterations,
                seed,
                batch,
                alpha,
                gamma,
                bigA,
                iteration + 1,
                newTheta,
                batchTheta,
                h,
                rs);
    }

    /** The same state with the current θ as the base of the next batch's probes. */
    public SpsaState newBatch() {
        return new SpsaState(
                name,
                parameters,
                iterations,
                seed,
                batch,
                alpha,
                gamma,
                bigA,
                iteration,
                theta,
                theta,
                history,
                results);
    }
}
