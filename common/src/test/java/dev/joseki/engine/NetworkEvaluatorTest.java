package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.RandomGames;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NetworkEvaluatorTest {

    /**
     * A network drawn at random (seeded), scaled so that units are spread over their whole range
     * rather than pinned at 0 or ONE (1,024): first-layer columns -96..96, biases across the range.
     */
    static EvalWeights randomNetwork(long seed) {
        Random r = new Random(seed);
        short[] t = new short[Network.SIZE];
        for (int i = Network.W1; i < Network.B1; i++) {
            t[i] = (short) (r.nextInt(193) - 96);
        }
        for (int u = 0; u < Network.H; u++) {
            t[Network.B1 + u] = (short) (r.nextInt(1025));
        }
        for (int i = Network.W2; i < Network.B2; i++) {
            t[i] = (short) (r.nextInt(129) - 64);
        }
        for (int o = 0; o < Network.H2; o++) {
            t[Network.B2 + o] = (short) (r.nextInt(2049) - 512);
            t[Network.W3 + o] = (short) (r.nextInt(6401) - 3200);
        }
        int[] m = new int[FeatureSet.MATERIAL_NB];
        m[0] = 7 * EvalWeights.SCALE;
        return new EvalWeights(FeatureSet.HKN, m, t);
    }

    @Test
    void theIncrementalEvaluationEqualsTheFullOneOnEveryPositionOfRandomGames() {
        NetworkEvaluator eval = new NetworkEvaluator(randomNetwork(17));
        Random random = new Random(5);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        final int es = eval.stateSize();
        final int accumulators = 2 * Network.H;
        int[] state = new int[es * 202];
        int[] fresh = new int[es];
        long positions = 0, kingBuckets = 0;
        for (String start : RandomGames.STARTS) {
            for (int g = 0; g < 400; g++) {
                Position pos = Sfen.parse(start);
                eval.refresh(pos, state, 0);
                for (int ply = 0; ply < 200; ply++) {
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        break;
                    }
                    int m = moves[random.nextInt(n)];
                    int mover = pos.sideToMove(), before = pos.kingSquare(mover);
                    pos.doMove(m);
                    if (Network.bucket(mover, before)
                            != Network.bucket(mover, pos.kingSquare(mover))) {
                        kingBuckets++;
                    }
                    eval.update(pos, m, state, ply * es, (ply + 1) * es);
                    eval.refresh(pos, fresh, 0);
                    for (int i = 0; i < accumulators; i++) {
                        if (state[(ply + 1) * es + i] != fresh[i]) {
                            throw new AssertionError(
                                    "accumulator "
                                            + i
                                            + " after "
                                            + Sfen.write(pos)
                                            + " ply "
                                            + ply);
                        }
                    }
                    assertThat(eval.evaluate(pos, state, (ply + 1) * es))
                            .isEqualTo(eval.evaluate(pos));
                    positions++;
                }
            }
        }
        // 1,200 games: most run the full 200 plies; kings change bucket thousands of times.
        assertThat(positions).isGreaterThan(120_000);
        assertThat(kingBuckets).isGreaterThan(1_000);
    }

    @Test
    void aPositionAndItsFlippedTwinScoreTheSame() {
        NetworkEvaluator eval = new NetworkEvaluator(randomNetwork(3));
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        int[] count = {0}, corrected = {0};
        RandomGames.walk(
                9,
                30,
                150,
                pos -> {
                    int v = eval.evaluate(pos);
                    assertThat(eval.evaluate(pos.flipped())).isEqualTo(v);
                    if (v != hand.evaluate(pos)) {
                        corrected[0]++;
                    }
                    count[0]++;
                },
                RandomGames.STARTS);
        assertThat(count[0]).isGreaterThan(10_000);
        assertThat(corrected[0]).isGreaterThan(count[0] / 2); // the network is not idle
    }

    @Test
    void aSmallNetworkScoresAsWorkedOutByHand() {
        // Kings on 5i and 5a, a pawn in Black's hand. Both kings stand on relative square 5i
        // (44): file 5 is 4 files from the edge (pair 2), rank 9 is the back rank: bucket
        // 2 * 3 + 2 = 8. Black's view: its own pawn in hand is entry 2430; White's view: the
        // enemy's pawn, 2468. Black's unit 0 gets 1,024 (1.0) from 2430; White's unit 1 gets 512
        // (0.5) from 2468. Second layer (weights in 1/1,024): h0 = x[0] (the side to move's unit
        // 0) * 1.0, h1 = x[H + 1] (the other side's unit 1) * 2.0, both clamped to 1,024.
        // Output: (h0 * 3200 - h1 * 1600) / 1024 in 1/32 cp.
        // Black to move: x[0] = 1024, x[H+1] = 512: h0 = 1024, h1 = 1024;
        //   (3200 - 1600) * 1024 / 1024 = 1600 = 50 cp, and the output bias 32 = 1 cp: +51.
        // White to move: x[0] = White's unit 0 = 0, x[H+1] = Black's unit 1 = 0: h0 = h1 = 0: +1.
        short[] t = new short[Network.SIZE];
        t[Network.column(8, 2430)] = 1024;
        t[Network.column(8, 2468) + 1] = 512;
        t[Network.W2] = 1024;
        t[Network.W2 + 2 * Network.H + Network.H + 1] = 2048;
        t[Network.W3] = 3200;
        t[Network.W3 + 1] = -1600;
        int[] m = new int[FeatureSet.MATERIAL_NB];
        m[0] = 32;
        NetworkEvaluator eval = new NetworkEvaluator(new EvalWeights(FeatureSet.HKN, m, t));
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        Position black = Sfen.parseProblem("4k4/9/9/9/9/9/9/9/4K4 b P 1");
        Position white = Sfen.parseProblem("4k4/9/9/9/9/9/9/9/4K4 w P 1");
        assertThat(eval.evaluate(black)).isEqualTo(hand.evaluate(black) + 51);
        assertThat(eval.evaluate(white)).isEqualTo(hand.evaluate(white) + 1);
    }

    @Test
    void weightsOfAnotherFeatureSetAreRefusedAndAnHknFileMakesANetworkEvaluator() {
        assertThatThrownBy(() -> new NetworkEvaluator(EvalWeights.start(FeatureSet.HKP)))
                .hasMessageContaining("not a network");
        assertThatThrownBy(() -> new TrainedEvaluator(randomNetwork(1)))
                .hasMessageContaining("a network");
        assertThat(randomNetwork(1).evaluator()).isInstanceOf(NetworkEvaluator.class);
        assertThat(EvalWeights.start(FeatureSet.HKP).evaluator())
                .isInstanceOf(TrainedEvaluator.class);
    }

    @Test
    void twoOutputsPackedInOneLongSumAsTwoIntsEvenAtTheLayersExtremes() {
        // Hand-worked: (-5, 7) + (3, -2) = (-2, 5); a negative low half borrows from the high one.
        long sum = NetworkEvaluator.pack(-5, 7) + NetworkEvaluator.pack(3, -2);
        assertThat(NetworkEvaluator.low(sum)).isEqualTo(-2);
        assertThat(NetworkEvaluator.high(sum)).isEqualTo(5);
        // The largest sums a layer can make: 32 inputs at ONE = 1024 times int16 weights of either
        // sign, plus a bias of 2^15 * W2_SCALE = 2^25: -(2^30 + 2^25) and 2^30 - 2^15 + 2^25.
        long extreme = NetworkEvaluator.pack(-(1 << 25), 1 << 25);
        for (int u = 0; u < 32; u++) {
            extreme += 1024L * NetworkEvaluator.pack(-32768, 32767);
        }
        assertThat(NetworkEvaluator.low(extreme)).isEqualTo(-(1 << 30) - (1 << 25));
        assertThat(NetworkEvaluator.high(extreme)).isEqualTo((1 << 30) - (1 << 15) + (1 << 25));
    }
}
