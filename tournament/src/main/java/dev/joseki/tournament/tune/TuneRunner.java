package dev.joseki.tournament.tune;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.MatchExecutor;
import dev.joseki.tournament.OpeningSuite;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Plays a tune on a {@link MatchExecutor} as tournament game tasks. Iteration k is game pair k − 1
 * (game ids 2(k−1) and 2(k−1)+1, θ+ Black in the first, θ− in the second) from the (k−1)-th opening
 * of the suite. A batch of iterations is in flight at once, all probed from the θ at the batch's
 * start (the state's batchTheta, so a resumed run sends the same games again and an executor that
 * remembers games by id finds them); their updates are applied in iteration order as the pairs
 * arrive, each one handed to the listener (which saves the state).
 */
public final class TuneRunner {
    /** Player index of θ+ and θ− in the tasks. */
    static final int PLUS = 0, MINUS = 1;

    /** What the games are: the engine whose options are tuned, the openings, sampled plies. */
    public record Setup(EngineSpec base, OpeningSuite openings, Sampling sampling) {}

    @FunctionalInterface
    public interface Listener {
        void onUpdate(SpsaState state, SpsaProbe probe);
    }

    private TuneRunner() {}

    public static SpsaState run(
            SpsaState state, Setup setup, MatchExecutor executor, Listener listener) {
        Spsa spsa = Spsa.of(state);
        SpsaState[] s = {state};
        while (!s[0].finished()) {
            if (s[0].iteration() % s[0].batch() == 0) {
                s[0] = s[0].newBatch();
            }
            int first = s[0].iteration() + 1;
            int last =
                    Math.min(
                            s[0].iterations(),
                            (s[0].iteration() / s[0].batch() + 1) * s[0].batch());
            Map<Integer, SpsaProbe> probes = new HashMap<>();
            List<GameTask> tasks = new ArrayList<>();
            for (int k = first; k <= last; k++) {
                SpsaProbe p = spsa.probe(s[0].batchTheta(), k);
                probes.put(k, p);
                tasks.addAll(pair(setup, spsa.parameters(), p));
            }
            Map<Integer, Double> results = new HashMap<>();
            Map<Integer, Double> halves = new HashMap<>();
            Set<Integer> seen = new HashSet<>();
            executor.execute(
                    tasks,
                    o -> {
                        if (!seen.add(o.task().id())) {
                            return true; // a repeated delivery
                        }
                        int k = o.task().pair() + 1;
                        Double half = halves.remove(k);
                        if (half == null) {
                            halves.put(k, score(o));
                            return true;
                        }
                        results.put(k, half + score(o));
                        while (results.containsKey(s[0].iteration() + 1)) {
                            int next = s[0].iteration() + 1;
                            SpsaProbe p = probes.get(next);
                            s[0] = spsa.update(s[0], p, results.remove(next));
                            listener.onUpdate(s[0], p);
                        }
                        return true;
                    });
            if (s[0].iteration() < last) {
                throw new IllegalStateException(
                        "the games of iterations "
                                + (s[0].iteration() + 1)
                                + ".."
                                + last
                                + " did not all come back");
            }
        }
        return s[0];
    }

    /** wins − losses of θ+ in one game: +1, 0 or −1. */
    private static double score(GameOutcome o) {
        return o.pointsOf(PLUS) - o.pointsOf(MINUS);
    }

    static List<GameTask> pair(Setup setup, List<TuneParameter> params, SpsaProbe p) {
        int k = p.iteration();
        EngineSpec plus = spec(setup.base(), "+" + k, params, p.plus());
        EngineSpec minus = spec(setup.base(), "-" + k, params, p.minus());
        int pair = k - 1;
        var opening = setup.openings().opening(pair);
        return List.of(
                new GameTask(
                        2 * pair, pair, pair, PLUS, MINUS, plus, minus, opening, setup.sampling()),
                new GameTask(
                        2 * pair + 1,
                        pair,
                        pair,
                        MINUS,
                        PLUS,
                        minus,
                        plus,
                        opening,
                        setup.sampling()));
    }

    /**
     * The base spec with the values as options, named NAME+k / NAME−k: players are kept by name, so
     * each iteration's two must differ from every other's.
     */
    public static EngineSpec spec(
            EngineSpec base, String suffix, List<TuneParameter> params, List<Double> values) {
        EngineSpec s =
                new EngineSpec(
                        base.name() + suffix,
                        base.command(),
                        base.dir(),
                        base.args(),
                        base.options(),
                        base.limit(),
                        base.timeoutMs(),
                        base.timeControl(),
                        base.clockAdapter(),
                        base.artifact());
        for (int i = 0; i < params.size(); i++) {
            s = s.withOption(params.get(i).name(), params.get(i).engineValue(values.get(i)));
        }
        return s;
    }
}
