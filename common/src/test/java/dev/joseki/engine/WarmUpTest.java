package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.mate.MateInOne;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

class WarmUpTest {
    @Test
    void theMateThreatPositionHasAMateInOneByAGoldDrop() {
        // Hand-worked: the white king on 5a is boxed in by G*5b (defended by the pawn on 5c): 4a,
        // 6a, 4b, 6b are all covered by the gold, and the gold cannot be taken.
        int mate = new MateInOne().find(Sfen.parseProblem(WarmUp.MATE_THREAT), false);
        assertThat(Move.usi(mate)).isEqualTo("G*5b");
    }

    @Test
    void aWarmUpPastItsDeadlineStopsAfterOneSearchOfAChunk() {
        // The deadline is what keeps isready inside a GUI's patience on a loaded machine.
        long nodes = WarmUp.run(WarmUp.MIN_ROUNDS, 0);
        assertThat(nodes).isBetween(WarmUp.CHUNK, 2 * WarmUp.CHUNK);
    }

    @Test
    void aSearchAfterTheWarmUpIsTheSameAsBefore() {
        String sfen = Bench.POSITIONS.get(2);
        SearchResult before =
                new Search(new HandcraftedEvaluator(), 16)
                        .go(Sfen.parse(sfen), null, Limits.depth(6), SearchListener.NONE);
        WarmUp.run(1, 0);
        SearchResult after =
                new Search(new HandcraftedEvaluator(), 16)
                        .go(Sfen.parse(sfen), null, Limits.depth(6), SearchListener.NONE);
        assertThat(after.nodes()).isEqualTo(before.nodes());
        assertThat(after.bestMove()).isEqualTo(before.bestMove());
        assertThat(after.score()).isEqualTo(before.score());
    }

    @Test
    void theWarmUpSearchesWithTheEvaluatorItIsGiven() {
        // A network, so that its code is what the JIT compiles before the first real move.
        NetworkEvaluator network = new NetworkEvaluator(NetworkEvaluatorTest.randomNetwork(2));
        long[] calls = {0};
        Evaluator counting =
                new Evaluator() {
                    @Override
                    public int evaluate(Position pos) {
                        calls[0]++;
                        return network.evaluate(pos);
                    }
                };
        long nodes = WarmUp.run(1, 0, counting);
        assertThat(nodes).isGreaterThanOrEqualTo(WarmUp.CHUNK);
        assertThat(calls[0]).isGreaterThan(WarmUp.CHUNK / 10);
    }

    @Test
    void theWarmUpRunsOncePerProcess() {
        WarmUp.once(new HandcraftedEvaluator());
        assertThat(WarmUp.once(new HandcraftedEvaluator())).isZero();
    }
}
