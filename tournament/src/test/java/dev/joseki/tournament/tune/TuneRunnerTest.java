package dev.joseki.tournament.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.rules.Result;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.MatchExecutor;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.TestGames;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TuneRunnerTest {
    private static final TuneParameter X = new TuneParameter("X", 20, 0, 100, 10, 0.01);
    private static final TuneRunner.Setup SETUP =
            new TuneRunner.Setup(
                    EngineSpec.builtin("joseki", SearchLimit.nodes(100)),
                    OpeningSuite.startPosition(),
                    Sampling.OFF);

    /**
     * Plays by the option alone: the side whose X is nearer 60 wins, equal distance draws. Records
     * every task; delivers each batch's games in reverse order when asked.
     */
    private static final class FakeExecutor implements MatchExecutor {
        final List<GameTask> sent = new ArrayList<>();
        final boolean reversed;

        FakeExecutor(boolean reversed) {
            this.reversed = reversed;
        }

        @Override
        public void execute(List<GameTask> tasks, Sink sink) {
            sent.addAll(tasks);
            List<GameTask> order = new ArrayList<>(tasks);
            if (reversed) {
                java.util.Collections.reverse(order);
            }
            for (GameTask t : order) {
                double b = Math.abs(Double.parseDouble(t.blackSpec().options().get("X")) - 60);
                double w = Math.abs(Double.parseDouble(t.whiteSpec().options().get("X")) - 60);
                Result r = b < w ? Result.BLACK_WIN : b > w ? Result.WHITE_WIN : Result.DRAW;
                sink.accept(TestGames.outcome(t, r));
            }
        }
    }

    private static SpsaState start(int iterations, int batch) {
        return SpsaState.start("t", List.of(X), SpsaSchedule.defaults(iterations), 5, batch);
    }

    @Test
    void eachIterationIsAColourSwappedPairOfThetaPlusAgainstThetaMinus() {
        FakeExecutor ex = new FakeExecutor(false);
        List<Integer> seen = new ArrayList<>();
        SpsaState end = TuneRunner.run(start(3, 2), SETUP, ex, (s, p) -> seen.add(s.iteration()));
        assertThat(seen).containsExactly(1, 2, 3);
        assertThat(ex.sent).hasSize(6);
        GameTask g0 = ex.sent.get(0), g1 = ex.sent.get(1);
        assertThat(List.of(g0.id(), g0.pair(), g1.id(), g1.pair())).containsExactly(0, 0, 1, 0);
        assertThat(g0.blackSpec()).isEqualTo(g1.whiteSpec());
        assertThat(g0.whiteSpec()).isEqualTo(g1.blackSpec());
        assertThat(g0.blackSpec().name()).isEqualTo("joseki+1");
        assertThat(g0.whiteSpec().name()).isEqualTo("joseki-1");
        // θ = 20, c_1 = 10·3^0.101 = 11.173: X = 20 ± 11.173, rounded (an integer option)
        List<String> xs =
                List.of(g0.blackSpec().options().get("X"), g0.whiteSpec().options().get("X"));
        assertThat(xs).containsExactlyInAnyOrder("31", "9");
        // X nearer 60 wins both games, so θ moves up from 20
        assertThat(end.results().get(0)).isEqualTo(2.0 * Perturbation.flips(5, 1, 1)[0]);
        assertThat(end.theta().get(0)).isGreaterThan(20.0);
    }

    @Test
    void updatesAreAppliedInIterationOrderWhateverOrderThePairsArriveIn() {
        SpsaState inOrder =
                TuneRunner.run(start(7, 3), SETUP, new FakeExecutor(false), (s, p) -> {});
        List<Integer> seen = new ArrayList<>();
        SpsaState reversed =
                TuneRunner.run(
                        start(7, 3),
                        SETUP,
                        new FakeExecutor(true),
                        (s, p) -> seen.add(s.iteration()));
        assertThat(seen).containsExactly(1, 2, 3, 4, 5, 6, 7);
        assertThat(reversed).isEqualTo(inOrder);
    }

    @Test
    void aRunResumedInsideABatchSendsTheSameGamesAgain() {
        FakeExecutor whole = new FakeExecutor(false);
        SpsaState full = TuneRunner.run(start(6, 3), SETUP, whole, (s, p) -> {});

        SpsaState[] saved = {null};
        assertThatThrownBy(
                        () ->
                                TuneRunner.run(
                                        start(6, 3),
                                        SETUP,
                                        new FakeExecutor(false),
                                        (s, p) -> {
                                            saved[0] = s;
                                            if (s.iteration() == 4) {
                                                throw new IllegalStateException("killed");
                                            }
                                        }))
                .hasMessage("killed");
        assertThat(saved[0].iteration()).isEqualTo(4);
        FakeExecutor rest = new FakeExecutor(false);
        SpsaState resumed = TuneRunner.run(saved[0], SETUP, rest, (s, p) -> {});
        // iterations 5 and 6 (games 8..11) probe from the θ of the batch start, as before
        assertThat(rest.sent).isEqualTo(whole.sent.subList(8, 12));
        assertThat(resumed).isEqualTo(full);
    }
}
