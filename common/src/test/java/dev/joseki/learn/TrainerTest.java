package dev.joseki.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.FeatureSet;
import dev.joseki.engine.TrainedEvaluator;
import dev.joseki.rules.Piece;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainerTest {
    /**
     * A known material evaluation, in centipawns, unlike Material's values that training starts
     * from: board P L N S B R G, +P +L +N +S +B +R, then hand P L N S B R G.
     */
    static final int[] BOARD = {
        0, 80, 220, 260, 450, 600, 700, 500, 0, 380, 350, 360, 400, 1100, 1300
    };

    static final int[] HAND = {0, 95, 260, 300, 520, 750, 850, 600};

    static EvalWeights known() {
        int[] m = new int[FeatureSet.MATERIAL_NB];
        for (int t = 1; t < Piece.TYPE_NB; t++) {
            m[FeatureSet.boardMaterial(t)] = BOARD[t] * EvalWeights.SCALE;
        }
        for (int h = 1; h < Piece.HAND_NB; h++) {
            m[FeatureSet.handMaterial(h)] = HAND[h] * EvalWeights.SCALE;
        }
        return new EvalWeights(FeatureSet.MATERIAL, m, new short[0]);
    }

    @Test
    void theTrainerRecoversKnownMaterialWeightsFromPositionsTheyLabelled() throws Exception {
        TrainedEvaluator teacher = new TrainedEvaluator(known());
        TrainingData.Part part = TrainingFixtures.part(1, 60, 160, 3000, teacher::evaluate);
        TrainingData.Part validation = TrainingFixtures.part(2, 10, 160, 3000, teacher::evaluate);
        Trainer t = Trainer.start(new Trainer.Options(FeatureSet.MATERIAL, 1.0, 12, 1, 7, 16.0));
        for (int e = 0; e < 12; e++) {
            t.epoch(part, validation);
        }
        float[] w = t.model().weights();
        // Labels are exact (the known weights are whole multiples of 1/32 cp), so the minimum of
        // the loss is the known weights: every one is recovered within half a centipawn (the fit
        // ends within 0.01 cp), starting from Material's values 20 to 400 cp away.
        for (int type = 1; type < Piece.TYPE_NB; type++) {
            if (type == Piece.KING) {
                continue;
            }
            assertThat((double) w[FeatureSet.boardMaterial(type)])
                    .as("board type %d", type)
                    .isCloseTo(BOARD[type], org.assertj.core.data.Offset.offset(0.5));
        }
        for (int h = 1; h < Piece.HAND_NB; h++) {
            assertThat((double) w[FeatureSet.handMaterial(h)])
                    .as("hand type %d", h)
                    .isCloseTo(HAND[h], org.assertj.core.data.Offset.offset(0.5));
        }
        assertThat(t.history().get(11).validationLoss())
                .isLessThan(t.history().get(0).validationLoss());
    }

    @Test
    void oneThreadIsDeterministicAndAResumedRunEndsWhereTheUninterruptedOneDoes(@TempDir Path dir)
            throws Exception {
        TrainedEvaluator teacher = new TrainedEvaluator(known());
        TrainingData.Part part = TrainingFixtures.part(3, 6, 120, 3000, teacher::evaluate);
        Trainer.Options o = new Trainer.Options(FeatureSet.PSQ, 0.5, 3, 1, 11, 2.0);
        Trainer straight = Trainer.start(o);
        for (int e = 0; e < 3; e++) {
            straight.epoch(part, part);
        }
        Trainer again = Trainer.start(o);
        again.epoch(part, part);
        Path ckpt = dir.resolve("fit.ckpt");
        again.checkpoint().write(ckpt);
        Trainer resumed = Trainer.resume(o, Checkpoint.read(ckpt));
        assertThat(resumed.epochsDone()).isEqualTo(1);
        resumed.epoch(part, part);
        resumed.epoch(part, part);
        assertThat(resumed.model().weights()).isEqualTo(straight.model().weights());
        assertThat(losses(resumed)).isEqualTo(losses(straight));
    }

    private static java.util.List<String> losses(Trainer t) {
        return t.history().stream()
                .map(e -> e.epoch() + " " + e.trainLoss() + " " + e.validationLoss())
                .toList();
    }

    @Test
    void aCheckpointOfOtherOptionsIsRefused(@TempDir Path dir) throws Exception {
        Trainer.Options o = new Trainer.Options(FeatureSet.PSQ, 0.5, 3, 1, 11, 2.0);
        Path ckpt = dir.resolve("fit.ckpt");
        Trainer.start(o).checkpoint().write(ckpt);
        Trainer.Options other = new Trainer.Options(FeatureSet.KP, 0.5, 3, 1, 11, 2.0);
        assertThatThrownBy(() -> Trainer.resume(other, Checkpoint.read(ckpt)))
                .hasMessage(
                        "the checkpoint is of --features psq --seed 11 --lambda 0.5; resume with"
                                + " the same");
    }

    @Test
    void severalThreadsTrainToAboutTheSameLoss() throws Exception {
        TrainedEvaluator teacher = new TrainedEvaluator(known());
        TrainingData.Part part = TrainingFixtures.part(4, 10, 120, 3000, teacher::evaluate);
        Trainer one = Trainer.start(new Trainer.Options(FeatureSet.MATERIAL, 1.0, 4, 1, 5, 4.0));
        Trainer four = Trainer.start(new Trainer.Options(FeatureSet.MATERIAL, 1.0, 4, 4, 5, 4.0));
        for (int e = 0; e < 4; e++) {
            one.epoch(part, part);
            four.epoch(part, part);
        }
        assertThat(four.history().get(3).validationLoss())
                .isCloseTo(
                        one.history().get(3).validationLoss(),
                        org.assertj.core.data.Offset.offset(0.002));
    }
}
