package dev.joseki.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.FeatureSet;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.TrainedEvaluator;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;
import java.nio.file.Path;
import java.util.function.ToIntFunction;
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

    /**
     * A small king-relative correction, worked out from the rules of the position alone (not by the
     * code under test), for the side to move in centipawns: +60 for holding a pawn in hand, +40 for
     * each gold next to one's own king, and the same terms of the opponent counted negative. Each
     * term is one KP entry per king square (the first pawn in hand; a friendly gold on a square
     * next to the king), so hkp can express it exactly.
     */
    static int knownCorrection(Position pos) {
        int[] side = new int[2];
        for (int c = 0; c < 2; c++) {
            side[c] = pos.handCount(c, Piece.PAWN) > 0 ? 60 : 0;
            int k = pos.kingSquare(c);
            for (int sq = 0; sq < Square.NB; sq++) {
                int p = pos.pieceOn(sq);
                if (p != 0
                        && Piece.color(p) == c
                        && Piece.type(p) == Piece.GOLD
                        && Math.max(
                                        Math.abs(Square.file(sq) - Square.file(k)),
                                        Math.abs(Square.rank(sq) - Square.rank(k)))
                                == 1) {
                    side[c] += 40;
                }
            }
        }
        int us = pos.sideToMove();
        return side[us] - side[us ^ 1];
    }

    @Test
    void hkpLearnsAKnownKingRelativeCorrectionOnTopOfTheHandcraftedEvaluation() throws Exception {
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        ToIntFunction<Position> label = pos -> hand.evaluate(pos) + knownCorrection(pos);
        Trainer.Options o = new Trainer.Options(FeatureSet.HKP, 1.0, 6, 1, 3, 8.0);
        TrainingData.Part train =
                HandcraftedBase.attach(TrainingFixtures.part(12, 80, 160, 3000, label), 1);
        TrainingData.Part validation =
                HandcraftedBase.attach(TrainingFixtures.part(13, 10, 160, 3000, label), 1);
        Trainer t = Trainer.start(o);
        assertThat(t.model().weights()).containsOnly(0f);
        double start =
                Trainer.loss(t.model(), validation, new ElmoLoss(1.0, ElmoLoss.DEFAULT_SCALE), 1);
        for (int e = 0; e < o.epochs(); e++) {
            t.epoch(train, validation);
        }
        // The trained file, as the engine evaluates it, less the handcrafted evaluation, against
        // the known correction on the validation positions.
        TrainedEvaluator engine = new TrainedEvaluator(t.model().toEvalWeights());
        double error = 0, size = 0, plus = 0, minus = 0, xy = 0, xx = 0, kp = 0, km = 0;
        int nPlus = 0, nMinus = 0, n = validation.count();
        for (int i = 0; i < n; i++) {
            Position pos =
                    PackedSfenValue.read(validation.records(), i * PackedSfenValue.BYTES)
                            .position();
            int known = knownCorrection(pos);
            int learned = engine.evaluate(pos) - hand.evaluate(pos);
            error += Math.abs(learned - known);
            xy += (double) learned * known;
            xx += (double) known * known;
            size += Math.abs(known);
            if (known >= 60) {
                plus += learned;
                kp += known;
                nPlus++;
            } else if (known <= -60) {
                minus += learned;
                km += known;
                nMinus++;
            }
        }
        // 3,501 validation positions, from games the trainer never saw: the mean size of the
        // known correction is 49.7 cp. With no correction (the start) the mean error would be that
        // much; the fit leaves less than 60 % of it (24.5 cp when written), the correction
        // learned has the known sign and 60 % to 140 % of its size (least-squares slope 0.79),
        // and where the known correction is +60 cp or more (-60 or less) the learned one is on
        // average at least half the known one.
        assertThat(n).isGreaterThan(3000);
        assertThat(error / n).isLessThan(0.6 * size / n);
        assertThat(xy / xx).isBetween(0.6, 1.4);
        assertThat(plus / nPlus).isGreaterThan(0.5 * kp / nPlus);
        assertThat(minus / nMinus).isLessThan(0.5 * km / nMinus);
        assertThat(t.history().get(o.epochs() - 1).validationLoss()).isLessThan(start);
    }

    @Test
    void hkpIsDeterministicWithOneThreadAndResumesExactly(@TempDir Path dir) throws Exception {
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        TrainingData.Part part =
                HandcraftedBase.attach(
                        TrainingFixtures.part(
                                14, 4, 120, 3000, pos -> hand.evaluate(pos) + knownCorrection(pos)),
                        2);
        Trainer.Options o = new Trainer.Options(FeatureSet.HKP, 0.5, 2, 1, 11, 8.0);
        Trainer straight = Trainer.start(o);
        straight.epoch(part, part);
        straight.epoch(part, part);
        Trainer again = Trainer.start(o);
        again.epoch(part, part);
        Path ckpt = dir.resolve("hkp.ckpt");
        again.checkpoint().write(ckpt);
        Trainer resumed = Trainer.resume(o, Checkpoint.read(ckpt));
        resumed.epoch(part, part);
        assertThat(resumed.model().weights()).isEqualTo(straight.model().weights());
        assertThat(losses(resumed)).isEqualTo(losses(straight));
    }

    @Test
    void hkpRefusesPositionsWithoutTheirHandcraftedScores() {
        TrainingData.Part bare = TrainingFixtures.part(15, 1, 20, 3000, pos -> 0);
        Trainer t = Trainer.start(new Trainer.Options(FeatureSet.HKP, 0.5, 1, 1, 1, 8.0));
        assertThatThrownBy(() -> t.epoch(bare, bare))
                .hasMessage("feature set hkp needs the positions' handcrafted scores");
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
                        "the checkpoint is of --features psq --seed 11 --lambda 0.5 --scale 600.0;"
                                + " resume with the same");
    }

    @Test
    void aCheckpointOfAnotherScaleIsRefused(@TempDir Path dir) throws Exception {
        Trainer.Options o = new Trainer.Options(FeatureSet.PSQ, 0.5, 3, 1, 11, 2.0, 1600);
        Path ckpt = dir.resolve("fit.ckpt");
        Trainer.start(o).checkpoint().write(ckpt);
        Trainer.Options other = new Trainer.Options(FeatureSet.PSQ, 0.5, 3, 1, 11, 2.0, 600);
        assertThatThrownBy(() -> Trainer.resume(other, Checkpoint.read(ckpt)))
                .hasMessage(
                        "the checkpoint is of --features psq --seed 11 --lambda 0.5 --scale"
                                + " 1600.0; resume with the same");
    }

    @Test
    void aCheckpointOfTheFirstFormatIsNamedAsSuch(@TempDir Path dir) throws Exception {
        Path ckpt = dir.resolve("old.ckpt");
        // "JOSEKICK" then format version 1, as the first trainer wrote it
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(12);
        b.putLong(0x4a4f53454b49434bL).putInt(1);
        java.nio.file.Files.write(ckpt, b.array());
        assertThatThrownBy(() -> Checkpoint.read(ckpt))
                .hasMessage(
                        ckpt
                                + ": a checkpoint of format version 1, this trainer reads version"
                                + " 2; fit again without --resume");
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
