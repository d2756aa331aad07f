package dev.joseki.learn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.EvalFile;
import dev.joseki.engine.FeatureSet;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.notation.Sfen;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FitTest {
    @TempDir Path dir;

    @Test
    void aRunWritesALoadableFileACheckpointAReportAndAPlot() throws Exception {
        HandcraftedEvaluator teacher = new HandcraftedEvaluator();
        TrainingData.Part train = TrainingFixtures.part(8, 4, 100, 3000, teacher::evaluate);
        TrainingData.Part validation = TrainingFixtures.part(9, 1, 100, 3000, teacher::evaluate);
        Files.createDirectories(dir.resolve("data/train"));
        Files.createDirectories(dir.resolve("data/validation"));
        Files.write(dir.resolve("data/train/part-0.bin"), train.records());
        Files.write(dir.resolve("data/validation/part-0.bin"), validation.records());
        Path out = dir.resolve("kp.eval");
        List<String> progress = new ArrayList<>();
        Fit.Summary s =
                Fit.run(
                        new Fit.Request(
                                dir.resolve("data"),
                                out,
                                new Trainer.Options(FeatureSet.KP, 0.5, 2, 2, 1, 8.0),
                                3000,
                                false,
                                50),
                        progress::add);
        assertThat(EvalFile.read(out).features()).isEqualTo(FeatureSet.KP);
        assertThat(Files.exists(Fit.checkpointOf(out))).isTrue();
        assertThat(progress).anyMatch(l -> l.startsWith("epoch 2/2: training loss "));
        String report = Files.readString(s.report());
        assertThat(report).contains("| 1 | ", "| 2 | ", "handcrafted", "trained `kp`");
        assertThat(Files.readString(s.plot())).startsWith("<svg").contains("<polyline");
        // the first 50 validation positions carry a legal move (the first one generated)
        assertThat(s.trained().positions()).isEqualTo(Math.min(50, validation.count()));
        assertThat(validation.count()).isGreaterThan(50);
        // resuming a finished run trains nothing more and keeps its history
        Fit.Summary again =
                Fit.run(
                        new Fit.Request(
                                dir.resolve("data"),
                                out,
                                new Trainer.Options(FeatureSet.KP, 0.5, 2, 2, 1, 8.0),
                                3000,
                                true,
                                10),
                        l -> {});
        assertThat(again.trainer().history()).hasSize(2);
    }

    @Test
    void theFileKeepsTheEpochOfTheLowestValidationLoss() throws Exception {
        // Training labels are the handcrafted evaluation plus noise fixed per position, which no
        // evaluation can carry over to other games; validation labels are the handcrafted
        // evaluation itself. Fitting the noise raises the validation loss, so the best epoch comes
        // before the last, and the file must hold that epoch's weights.
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        TrainingData.Part train =
                TrainingFixtures.part(
                        30,
                        6,
                        100,
                        3000,
                        pos ->
                                hand.evaluate(pos)
                                        + Math.floorMod(Sfen.write(pos).hashCode(), 301)
                                        - 150);
        TrainingData.Part validation = TrainingFixtures.part(31, 2, 100, 3000, hand::evaluate);
        Files.createDirectories(dir.resolve("noisy/train"));
        Files.createDirectories(dir.resolve("noisy/validation"));
        Files.write(dir.resolve("noisy/train/part-0.bin"), train.records());
        Files.write(dir.resolve("noisy/validation/part-0.bin"), validation.records());
        Trainer.Options o = new Trainer.Options(FeatureSet.HKN, 1.0, 4, 1, 2, 8.0);
        Path out = dir.resolve("hkn.eval");
        List<String> progress = new ArrayList<>();
        Fit.Summary s =
                Fit.run(
                        new Fit.Request(dir.resolve("noisy"), out, o, 3000, false, 10),
                        progress::add);
        int best = s.trainer().bestEpoch().epoch();
        assertThat(best).isLessThan(4);
        assertThat(progress).anyMatch(l -> l.endsWith("; the file keeps epoch " + best));
        // One thread is deterministic: a run stopped at the best epoch made the file's weights.
        Trainer again = Trainer.start(o);
        TrainingData.Part t = HandcraftedBase.attach(train, 1);
        TrainingData.Part v = HandcraftedBase.attach(validation, 1);
        for (int e = 0; e < best; e++) {
            again.epoch(t, v);
        }
        assertThat(EvalFile.read(out).table()).isEqualTo(again.model().toEvalWeights().table());
        assertThat(Files.readString(s.report()))
                .contains("trained `hkn`, epoch " + best + " (the lowest validation loss");
    }

    @Test
    void anHkpRunStartsFromTheHandcraftedEvaluationAndWritesAnHkpFile() throws Exception {
        HandcraftedEvaluator teacher = new HandcraftedEvaluator();
        TrainingData.Part train =
                TrainingFixtures.part(8, 2, 100, 3000, pos -> teacher.evaluate(pos) + 30);
        Files.createDirectories(dir.resolve("hkp"));
        Files.write(dir.resolve("hkp/all.bin"), train.records());
        Path out = dir.resolve("hkp.eval");
        Fit.Summary s =
                Fit.run(
                        new Fit.Request(
                                dir.resolve("hkp"),
                                out,
                                new Trainer.Options(FeatureSet.HKP, 0.5, 1, 1, 1, 8.0),
                                3000,
                                false,
                                20),
                        l -> {});
        assertThat(EvalFile.read(out).features()).isEqualTo(FeatureSet.HKP);
        // zero correction: the start's loss is the handcrafted evaluation's, summed in the same
        // order with one thread
        assertThat(s.materialLoss()).isEqualTo(s.handcraftedLoss());
        assertThat(Files.readString(s.report()))
                .contains("| handcrafted, zero correction (the start) |", "trained `hkp`");
    }

    @Test
    void aRunWithInitStartsFromTheFileAndRefusesAnotherFeatureSet() throws Exception {
        // Labels with a correction hkp can partly learn (NetworkModelTest.castles): a first run
        // writes a file better than the handcrafted evaluation, and a second run started from it
        // must begin at that file's loss, not at the handcrafted one (a fresh hkp run's start).
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        java.util.function.ToIntFunction<dev.joseki.rules.Position> label =
                pos -> hand.evaluate(pos) + NetworkModelTest.castles(pos);
        TrainingData.Part train = TrainingFixtures.part(40, 300, 60, 3000, label);
        TrainingData.Part validation = TrainingFixtures.part(41, 30, 60, 3000, label);
        Files.createDirectories(dir.resolve("init/train"));
        Files.createDirectories(dir.resolve("init/validation"));
        Files.write(dir.resolve("init/train/part-0.bin"), train.records());
        Files.write(dir.resolve("init/validation/part-0.bin"), validation.records());
        Trainer.Options o = new Trainer.Options(FeatureSet.HKP, 1.0, 3, 1, 1, 8.0);
        Path init = dir.resolve("start.eval");
        Fit.run(new Fit.Request(dir.resolve("init"), init, o, 3000, false, 10), l -> {});
        List<String> progress = new ArrayList<>();
        Fit.Summary s = fineTune(init, "tuned.eval", 8.0, progress);
        // the start's loss is the start file's, not the zero correction's (the handcrafted one)
        double fileLoss =
                Fit.loss(EvalFile.read(init).evaluator(), s.data().validation(), o.loss());
        // (the trainer's floats against the engine's centipawns: equal within rounding; 1e-6
        // apart when written, while the file is 5.4e-4 below the handcrafted evaluation)
        assertThat(s.materialLoss()).isCloseTo(fileLoss, org.assertj.core.data.Offset.offset(2e-5));
        assertThat(s.materialLoss()).isLessThan(s.handcraftedLoss() - 2e-4);
        assertThat(progress).anyMatch(l -> l.contains("(`start.eval` (--init))"));
        assertThat(Files.readString(s.report())).contains("starting from `" + init + "`");
        // a step thousands of times too large throws the start's fit away: the one epoch is worse
        // than the file it started from, and the run says so
        List<String> overshoot = new ArrayList<>();
        Fit.Summary far = fineTune(init, "overshoot.eval", 1.0e5, overshoot);
        assertThat(far.trainer().bestEpoch().validationLoss()).isGreaterThan(far.materialLoss());
        assertThat(overshoot)
                .anyMatch(
                        l ->
                                l.startsWith("no epoch beat the --init file")
                                        && l.contains("overshoot.eval is worse than its start"));
        // another feature set is refused in one line naming the file, before any data is read
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () ->
                                Fit.run(
                                        new Fit.Request(
                                                List.of(dir.resolve("missing")),
                                                dir.resolve("k.eval"),
                                                new Trainer.Options(
                                                        FeatureSet.KP, 1.0, 1, 1, 1, 8.0),
                                                3000,
                                                false,
                                                10,
                                                true,
                                                false,
                                                init),
                                        l -> {}))
                .hasMessage(
                        "--init " + init + ": an evaluation of feature set hkp, not --features kp");
    }

    @Test
    void aSourceGivenTwiceIsRefusedItsPositionsWouldCountDouble() {
        Trainer.Options o = new Trainer.Options(FeatureSet.KP, 1.0, 1, 1, 1, 8.0);
        Path again = dir.resolve("other/../data");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () ->
                                new Fit.Request(
                                        List.of(dir.resolve("data"), again),
                                        dir.resolve("k.eval"),
                                        o,
                                        3000,
                                        false,
                                        10,
                                        true,
                                        false,
                                        null))
                .hasMessage("--data " + again + " given twice: its positions would count double");
    }

    /** One hkp epoch on dir/init's data, started from init, at learningRate, into dir/out. */
    private Fit.Summary fineTune(Path init, String out, double learningRate, List<String> progress)
            throws Exception {
        return Fit.run(
                new Fit.Request(
                        List.of(dir.resolve("init")),
                        dir.resolve(out),
                        new Trainer.Options(FeatureSet.HKP, 1.0, 1, 1, 1, learningRate),
                        3000,
                        false,
                        10,
                        false,
                        false,
                        init),
                progress::add);
    }
}
