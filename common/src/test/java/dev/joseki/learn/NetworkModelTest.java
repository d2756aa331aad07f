package dev.joseki.learn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.EvalFile;
import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.Evaluator;
import dev.joseki.engine.FeatureSet;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetworkModelTest {
    /**
     * A correction no table of pieces can hold: 150 cp for a side with both its golds still in its
     * own camp (its three nearest ranks), nothing with one or none there. A linear model can only
     * give each gold its share, which is wrong whenever one gold has left.
     */
    static int castles(Position pos) {
        int[] side = new int[2];
        for (int sq = 0; sq < Square.NB; sq++) {
            int p = pos.pieceOn(sq);
            if (p != 0 && Piece.type(p) == Piece.GOLD) {
                int c = Piece.color(p), rank = Square.rank(sq); // rank 1 is White's back rank
                if (c == Piece.BLACK ? rank >= 7 : rank <= 3) {
                    side[c]++;
                }
            }
        }
        int us = pos.sideToMove();
        return (side[us] >= 2 ? 150 : 0) - (side[us ^ 1] >= 2 ? 150 : 0);
    }

    @Test
    void hknLearnsANonLinearCorrectionThatTheLinearHkpCannot() throws Exception {
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        ToIntFunction<Position> label = pos -> hand.evaluate(pos) + castles(pos);
        TrainingData.Part train =
                HandcraftedBase.attach(TrainingFixtures.part(22, 1000, 60, 3000, label), 1);
        TrainingData.Part validation =
                HandcraftedBase.attach(TrainingFixtures.part(23, 50, 60, 3000, label), 1);
        double[] network =
                fitError(new Trainer.Options(FeatureSet.HKN, 1.0, 8, 1, 3, 2.0), train, validation);
        double[] linear =
                fitError(new Trainer.Options(FeatureSet.HKP, 1.0, 8, 1, 3, 8.0), train, validation);
        // On positions of games the trainer never saw. Without a correction the mean error is the
        // correction's mean size (29.5 cp when written); the network must leave less than 40 % of
        // it (6.9 cp when written) and less than half of what the linear set leaves (22.0 cp), and
        // give the right sign where one side only has both golds home.
        assertThat(network[2]).isGreaterThan(1000);
        assertThat(network[0]).isLessThan(0.4 * network[1]);
        assertThat(network[0]).isLessThan(0.5 * linear[0]);
        assertThat(network[3]).isGreaterThan(0.95 * network[2]);
    }

    /**
     * Trains o and measures the engine's evaluation of its file, less the handcrafted one, against
     * the known correction on validation: {mean error, mean size, positions where the correction is
     * not zero, those of them where the learned one has its sign}.
     */
    private static double[] fitError(
            Trainer.Options o, TrainingData.Part train, TrainingData.Part validation)
            throws InterruptedException {
        Trainer t = Trainer.start(o);
        for (int e = 0; e < o.epochs(); e++) {
            t.epoch(train, validation);
        }
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        Evaluator engine = t.model().toEvalWeights().evaluator();
        double error = 0, size = 0, castled = 0, agree = 0;
        int n = validation.count();
        for (int i = 0; i < n; i++) {
            Position pos =
                    PackedSfenValue.read(validation.records(), i * PackedSfenValue.BYTES)
                            .position();
            int known = castles(pos), learned = engine.evaluate(pos) - hand.evaluate(pos);
            error += Math.abs(learned - known);
            size += Math.abs(known);
            if (known != 0) {
                castled++;
                agree += Integer.signum(learned) == Integer.signum(known) ? 1 : 0;
            }
        }
        return new double[] {error / n, size / n, castled, agree};
    }

    @Test
    void backpropagationGivesTheDerivativesOfTheScore() {
        // One record; the network drawn from a seed, its output weights made non-zero so that
        // every layer passes a gradient. A step with huge summed squares S moves each parameter
        // by -rate / 200 * g / sqrt(S): with rate 200 and S = 1e12, by -g * 1e-6, where g is
        // d eval / d parameter (gradient 1). Central differences give the same derivative.
        TrainingData.Part part = TrainingFixtures.part(26, 1, 30, 3000, pos -> 0);
        NetworkModel m = NetworkModel.start(9);
        float[] w = m.weights();
        java.util.Random r = new java.util.Random(4);
        for (int o = 0; o < NetworkModel.H2; o++) {
            w[NetworkModel.W3 + o] = (r.nextFloat() - 0.5f) * 4;
        }
        int record = 29;
        Model.Sample s = m.sample();
        double base = s.eval(part, record);
        float[] before = w.clone(), squares = new float[w.length];
        java.util.Arrays.fill(squares, 1e12f);
        s.learn(1.0, squares, 200);
        float[] after = w.clone();
        System.arraycopy(before, 0, w, 0, w.length);
        int checked = 0;
        for (int i = 0; i < w.length; i++) {
            double analytic = (before[i] - after[i]) * 1e6;
            if (analytic == 0 && i % 997 != 0) {
                continue; // inactive: check a sample of them only
            }
            float keep = w[i], e = 1e-3f;
            w[i] = keep + e;
            double plus = s.eval(part, record);
            w[i] = keep - e;
            double minus = s.eval(part, record);
            w[i] = keep;
            double numeric = (plus - minus) / (2 * e);
            assertThat(analytic)
                    .as("parameter %d", i)
                    .isCloseTo(
                            numeric,
                            org.assertj.core.data.Offset.offset(0.02 * Math.abs(numeric) + 0.05));
            checked++;
        }
        assertThat(base).isNotNaN();
        assertThat(checked).isGreaterThan(2000);
    }

    @Test
    void theEngineScoresANetworkAsTheTrainerDoesWithinRounding() throws InterruptedException {
        // Weights of the sizes training gives (measured on a file trained on 467,792 positions:
        // first layer |w| up to 0.4, mean 0.04; second layer up to 0.45; output weights about 1).
        TrainingData.Part part =
                HandcraftedBase.attach(TrainingFixtures.part(24, 20, 120, 3000, pos -> 0), 1);
        NetworkModel m = NetworkModel.start(5);
        float[] w = m.weights();
        java.util.Random r = new java.util.Random(6);
        for (int i = NetworkModel.BUCKETED; i < NetworkModel.B1; i++) {
            w[i] = (r.nextFloat() - 0.5f) * 0.08f;
        }
        for (int o = 0; o < NetworkModel.H2; o++) {
            w[NetworkModel.W3 + o] = (r.nextFloat() - 0.5f) * 2.4f;
        }
        w[NetworkModel.BIAS] = 0.17f;
        Model.Sample s = m.sample();
        Evaluator engine = m.toEvalWeights().evaluator();
        double worst = 0, sum = 0;
        for (int i = 0; i < part.count(); i++) {
            Position pos =
                    PackedSfenValue.read(part.records(), i * PackedSfenValue.BYTES).position();
            double d = Math.abs(engine.evaluate(pos) - s.eval(part, i));
            worst = Math.max(worst, d);
            sum += d;
        }
        // int16 weights at 1/1,024 of an activation, the score rounded to the centipawn: a quarter
        // of a centipawn on average from that last rounding alone; 0.32 in all when written, 1.3
        // at worst. (At NNUE's 1/127 and 1/64 a trained file was 25 cp off on average.)
        assertThat(part.count()).isGreaterThan(1000);
        assertThat(sum / part.count()).isLessThan(0.6);
        assertThat(worst).isLessThan(3.0);
    }

    @Test
    void hknIsDeterministicWithOneThreadResumesExactlyAndItsFileReadsBack(@TempDir Path dir)
            throws Exception {
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        TrainingData.Part part =
                HandcraftedBase.attach(
                        TrainingFixtures.part(
                                25, 4, 120, 3000, pos -> hand.evaluate(pos) + castles(pos)),
                        1);
        Trainer.Options o = new Trainer.Options(FeatureSet.HKN, 0.5, 2, 1, 11, 2.0);
        Trainer straight = Trainer.start(o);
        straight.epoch(part, part);
        straight.epoch(part, part);
        Trainer again = Trainer.start(o);
        again.epoch(part, part);
        Path ckpt = dir.resolve("hkn.ckpt");
        again.checkpoint().write(ckpt);
        Trainer resumed = Trainer.resume(o, Checkpoint.read(ckpt));
        resumed.epoch(part, part);
        assertThat(resumed.model().weights()).isEqualTo(straight.model().weights());
        List<Double> a = resumed.history().stream().map(Trainer.Epoch::validationLoss).toList();
        List<Double> b = straight.history().stream().map(Trainer.Epoch::validationLoss).toList();
        assertThat(a).isEqualTo(b);
        EvalWeights w = straight.model().toEvalWeights();
        Path file = dir.resolve("hkn.eval");
        EvalFile.write(file, w);
        EvalWeights back = EvalFile.read(file);
        assertThat(back.features()).isEqualTo(FeatureSet.HKN);
        assertThat(back.table()).isEqualTo(w.table());
        assertThat(back.material()).isEqualTo(w.material());
    }

    @Test
    void theShippedNetworkLoadsIntoTheTrainerAsTheEngineScoresIt() throws InterruptedException {
        EvalWeights shipped = dev.joseki.engine.DefaultEvaluation.weights();
        NetworkModel m = NetworkModel.of(shipped);
        // written back, every weight is the file's
        assertThat(m.toEvalWeights().table()).isEqualTo(shipped.table());
        assertThat(m.toEvalWeights().material()).isEqualTo(shipped.material());
        // and the trainer scores positions as the engine does with the file, within rounding
        TrainingData.Part part =
                HandcraftedBase.attach(TrainingFixtures.part(25, 10, 120, 3000, pos -> 0), 1);
        Model.Sample s = m.sample();
        Evaluator engine = shipped.evaluator();
        double worst = 0;
        for (int i = 0; i < part.count(); i++) {
            Position pos =
                    PackedSfenValue.read(part.records(), i * PackedSfenValue.BYTES).position();
            worst = Math.max(worst, Math.abs(engine.evaluate(pos) - s.eval(part, i)));
        }
        assertThat(part.count()).isGreaterThan(500);
        assertThat(worst).isLessThan(3.0);
    }

    @Test
    void onlyAnHknFileStartsANetwork() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> NetworkModel.of(EvalWeights.start(FeatureSet.HKP)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a network starts only from an hkn file, not hkp");
    }
}
