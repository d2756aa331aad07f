package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.RandomGames;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TrainedEvaluatorTest {

    /** Weights drawn at random (seeded): every entry non-zero with high probability. */
    static EvalWeights randomWeights(FeatureSet f, long seed) {
        Random r = new Random(seed);
        int[] m = new int[FeatureSet.MATERIAL_NB];
        for (int i = 0; i < m.length; i++) {
            m[i] = r.nextInt(2000 * EvalWeights.SCALE);
        }
        short[] t = new short[f.tableSize()];
        for (int i = 0; i < t.length; i++) {
            t[i] = (short) (r.nextInt(4001) - 2000);
        }
        return new EvalWeights(f, m, t);
    }

    @ParameterizedTest
    @EnumSource(value = FeatureSet.class, names = "HKN", mode = EnumSource.Mode.EXCLUDE)
    void theIncrementalEvaluationEqualsTheFullOneOnEveryPositionOfRandomGames(FeatureSet f) {
        TrainedEvaluator eval = new TrainedEvaluator(randomWeights(f, 11 + f.id));
        int games = f == FeatureSet.KP ? 700 : 150; // 3 starts each: 2,100 and 450 games
        Random random = new Random(5);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        final int es = eval.stateSize(); // 3, and 6 with the handcrafted state under hkp
        assertThat(es).isEqualTo(f.residual ? 6 : 3);
        int[] state = new int[es * 202];
        int[] fresh = new int[es];
        long positions = 0;
        for (String start : RandomGames.STARTS) {
            for (int g = 0; g < games; g++) {
                Position pos = Sfen.parse(start);
                eval.refresh(pos, state, 0);
                for (int ply = 0; ply < 200; ply++) {
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        break;
                    }
                    int m = moves[random.nextInt(n)];
                    pos.doMove(m);
                    eval.update(pos, m, state, ply * es, (ply + 1) * es);
                    eval.refresh(pos, fresh, 0);
                    for (int i = 0; i < es; i++) {
                        if (state[(ply + 1) * es + i] != fresh[i]) {
                            throw new AssertionError(
                                    "state " + i + " after " + Sfen.write(pos) + " ply " + ply);
                        }
                    }
                    assertThat(eval.evaluate(pos, state, (ply + 1) * es))
                            .isEqualTo(eval.evaluate(pos));
                    positions++;
                }
            }
        }
        assertThat(positions).isGreaterThan(games * 3L * 100);
    }

    @ParameterizedTest
    @EnumSource(value = FeatureSet.class, names = "HKN", mode = EnumSource.Mode.EXCLUDE)
    void aPositionAndItsFlippedTwinScoreTheSame(FeatureSet f) {
        TrainedEvaluator eval = new TrainedEvaluator(randomWeights(f, 3));
        int[] count = {0};
        RandomGames.walk(
                9,
                30,
                150,
                pos -> {
                    assertThat(eval.evaluate(pos.flipped())).isEqualTo(eval.evaluate(pos));
                    count[0]++;
                },
                RandomGames.STARTS);
        assertThat(count[0]).isGreaterThan(10_000);
    }

    @Test
    void aSmallExampleScoresAsWorkedOutByHand() {
        // Kings on 5i (44) and 5a (36), a pawn in Black's hand. Both kings' rows are 44 (White's
        // 36 turned round). Black's view: its pawn in hand, friend slot 0 -> 2430, +2 cp; the
        // enemy king on 5a -> (15 + 8) * 81 + 36 = 1899, +10 cp. White's view: the same pawn is an
        // enemy's -> 2430 + 38 = 2468, -3 cp; Black's king is its enemy king on 5i, turned to 36
        // -> 1899 again. Score = (2 + 10) - (-3 + 10) + 104 (Material's pawn in hand) = 109 cp.
        EvalWeights w = EvalWeights.material(FeatureSet.KP);
        short[] t = w.table();
        t[44 * FeatureSet.ROW + 2430] = 2 * 32;
        t[44 * FeatureSet.ROW + 1899] = 10 * 32;
        t[44 * FeatureSet.ROW + 2468] = -3 * 32;
        TrainedEvaluator eval = new TrainedEvaluator(w);
        assertThat(eval.evaluate(Sfen.parseProblem("4k4/9/9/9/9/9/9/9/4K4 b P 1"))).isEqualTo(109);
        assertThat(eval.evaluate(Sfen.parseProblem("4k4/9/9/9/9/9/9/9/4K4 w P 1"))).isEqualTo(-109);
        // The Black king on 6i (53): Black's view moves to row 53, all zero. White's view keeps
        // row 44, where the Black king, 6i turned to 4a = 27, is entry 23 * 81 + 27 = 1890, zero,
        // and the pawn still -3 cp: 0 - (-3) + 104 = 107.
        assertThat(eval.evaluate(Sfen.parseProblem("4k4/9/9/9/9/9/9/9/3K5 b P 1"))).isEqualTo(107);
    }

    @Test
    void hkpAddsItsCorrectionToTheHandcraftedEvaluation() {
        // The example above under hkp, whose material weights start at zero: the correction is
        // (2 + 10) - (-3 + 10) = 5 cp for Black, added to the handcrafted evaluation.
        EvalWeights w = EvalWeights.start(FeatureSet.HKP);
        assertThat(w.material()).containsOnly(0);
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        Position black = Sfen.parseProblem("4k4/9/9/9/9/9/9/9/4K4 b P 1");
        Position white = Sfen.parseProblem("4k4/9/9/9/9/9/9/9/4K4 w P 1");
        assertThat(new TrainedEvaluator(w).evaluate(black)).isEqualTo(hand.evaluate(black));
        short[] t = w.table();
        t[44 * FeatureSet.ROW + 2430] = 2 * 32;
        t[44 * FeatureSet.ROW + 1899] = 10 * 32;
        t[44 * FeatureSet.ROW + 2468] = -3 * 32;
        TrainedEvaluator eval = new TrainedEvaluator(w);
        assertThat(eval.evaluate(black)).isEqualTo(hand.evaluate(black) + 5);
        assertThat(eval.evaluate(white)).isEqualTo(hand.evaluate(white) - 5);
    }

    @Test
    void hkpWithZeroWeightsIsTheHandcraftedEvaluationOnEveryPosition() {
        TrainedEvaluator eval = new TrainedEvaluator(EvalWeights.start(FeatureSet.HKP));
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        int[] count = {0};
        RandomGames.walk(
                4,
                10,
                150,
                pos -> {
                    assertThat(eval.evaluate(pos)).isEqualTo(hand.evaluate(pos));
                    count[0]++;
                },
                RandomGames.STARTS);
        assertThat(count[0]).isGreaterThan(3_000);
    }

    @Test
    void materialAloneScoresMaterialsValues() {
        TrainedEvaluator eval = new TrainedEvaluator(EvalWeights.material(FeatureSet.MATERIAL));
        // Black: a rook more on the board (1060), White: a bishop in hand (994): +66 for Black
        Position pos = Sfen.parseProblem("4k4/9/9/9/9/9/9/1R7/4K4 b b 1");
        assertThat(eval.evaluate(pos)).isEqualTo(66);
    }
}
