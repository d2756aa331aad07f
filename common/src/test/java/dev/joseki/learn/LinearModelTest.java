package dev.joseki.learn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.FeatureSet;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.TrainedEvaluator;
import dev.joseki.notation.PackedSfen;
import dev.joseki.rules.Piece;
import dev.joseki.rules.RandomGames;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class LinearModelTest {
    @ParameterizedTest
    @EnumSource(value = FeatureSet.class, names = "HKN", mode = EnumSource.Mode.EXCLUDE)
    void theTrainersScoreIsTheEnginesScoreOnEveryPosition(FeatureSet f) {
        Random r = new Random(f.id);
        int[] m = new int[FeatureSet.MATERIAL_NB];
        for (int i = 0; i < m.length; i++) {
            m[i] = r.nextInt(1000 * EvalWeights.SCALE);
        }
        short[] t = new short[f.tableSize()];
        for (int i = 0; i < t.length; i++) {
            t[i] = (short) (r.nextInt(2001) - 1000);
        }
        EvalWeights w = new EvalWeights(f, m, t);
        TrainedEvaluator engine = new TrainedEvaluator(w);
        HandcraftedEvaluator handcrafted = new HandcraftedEvaluator();
        LinearModel model = LinearModel.of(w);
        int[] board = new int[81], hand = new int[16], idx = new int[LinearModel.MAX_FEATURES];
        float[] coef = new float[LinearModel.MAX_FEATURES];
        int[] count = {0};
        RandomGames.walk(
                21,
                20,
                150,
                pos -> {
                    int side = PackedSfen.unpack(PackedSfen.pack(pos), 0, board, hand);
                    int n = model.features(board, hand, idx, coef);
                    double black = model.score(idx, coef, n);
                    double forSide = side == Piece.BLACK ? black : -black;
                    // the engine truncates 1/32 cp to whole centipawns; under hkp it adds the
                    // handcrafted evaluation, which the trainer takes as a given base
                    int base = f.residual ? handcrafted.evaluate(pos) : 0;
                    assertThat(Math.abs(forSide - (engine.evaluate(pos) - base)))
                            .isLessThan(1.0001);
                    count[0]++;
                },
                RandomGames.STARTS);
        assertThat(count[0]).isGreaterThan(5_000);
    }
}
