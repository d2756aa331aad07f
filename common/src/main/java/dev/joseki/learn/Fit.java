package dev.joseki.learn;

import dev.joseki.engine.EvalFile;
import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.Evaluator;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.notation.PackedSfenValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;

/**
 * One {@code ./joseki train fit} run: loads the data, trains epoch after epoch (the checkpoint
 * rewritten after each, the evaluation file after each that lowers the validation loss, so a killed
 * run can be resumed, leaves a usable file, and the file is never one that learned its training
 * games by heart past the best epoch), then measures move agreement and writes the report ({@code
 * FILE.report.md}) and its loss plot ({@code FILE.loss.svg}) beside the evaluation file.
 */
public final class Fit {
    /**
     * What to fit. data: one or more sources, loaded as one set; agreementPositions: validation
     * positions searched for move agreement; init: an evaluation file to start from instead of
     * fresh weights (fine-tuning), or null.
     */
    public record Request(
            List<Path> data,
            Path out,
            Trainer.Options options,
            int evalLimit,
            boolean resume,
            int agreementPositions,
            boolean quietOnly,
            boolean leaves,
            Path init) {
        public Request {
            data = List.copyOf(data);
            if (data.isEmpty()) {
                throw new IllegalArgumentException("no training data given");
            }
            Set<Path> seen = new HashSet<>();
            for (Path d : data) {
                if (!seen.add(d.toAbsolutePath().normalize())) {
                    throw new IllegalArgumentException(
                            "--data " + d + " given twice: its positions would count double");
                }
            }
            if (init != null && resume) {
                throw new IllegalArgumentException(
                        "--init and --resume: a resumed run continues its checkpoint; give one");
            }
        }

        /** The sources, as the command line names them: {@code a, b}. */
        public String dataNames() {
            return data.stream().map(Path::toString).collect(Collectors.joining(", "));
        }

        /** A request that keeps noisy positions too. */
        public Request(
                Path data,
                Path out,
                Trainer.Options options,
                int evalLimit,
                boolean resume,
                int agreementPositions) {
            this(
                    List.of(data),
                    out,
                    options,
                    evalLimit,
                    resume,
                    agreementPositions,
                    false,
                    false,
                    null);
        }
    }

    /** What a run made. */
    public record Summary(
            TrainingData.Loaded data,
            Trainer trainer,
            double handcraftedLoss,
            double materialLoss,
            MoveAgreement.Result trained,
            MoveAgreement.Result handcrafted,
            ScaleCalibration.Result handcraftedScale,
            Path report,
            Path plot) {}

    private Fit() {}

    public static Path checkpointOf(Path out) {
        return out.resolveSibling(out.getFileName() + ".ckpt");
    }

    public static Summary run(Request r, Consumer<String> progress)
            throws IOException, InterruptedException {
        return run(r, progress, epochs -> {});
    }

    /**
     * As {@link #run(Request, Consumer)}, telling {@code epochsDone} the epochs done when training
     * begins (those of a resumed checkpoint) and again at each epoch's end.
     */
    public static Summary run(Request r, Consumer<String> progress, IntConsumer epochsDone)
            throws IOException, InterruptedException {
        Trainer.Options o = r.options();
        // A bad start file is refused before minutes of loading.
        Model init = r.init() == null ? null : Model.of(EvalFile.read(r.init()));
        if (init != null && init.features() != o.features()) {
            throw new IllegalArgumentException(
                    "--init "
                            + r.init()
                            + ": an evaluation of feature set "
                            + init.features().label
                            + ", not --features "
                            + o.features().label);
        }
        TrainingData.Loaded data =
                TrainingData.load(
                        r.data(),
                        new TrainingData.Filter(r.evalLimit(), r.quietOnly(), r.leaves()),
                        progress);
        if (data.train().count() == 0 || data.validation().count() == 0) {
            throw new IllegalArgumentException(
                    r.dataNames()
                            + ": "
                            + data.train().count()
                            + " training and "
                            + data.validation().count()
                            + " validation positions within the eval limit; both are needed");
        }
        if (o.features().residual) {
            progress.accept(
                    "computing the handcrafted evaluation of every position (4 bytes each)");
            data =
                    new TrainingData.Loaded(
                            HandcraftedBase.attach(data.train(), o.threads()),
                            HandcraftedBase.attach(data.validation(), o.threads()),
                            data.filtered(),
                            data.noisy(),
                            data.resolved(),
                            data.files());
        }
        progress.accept(
                String.format(
                        "data: %,d training, %,d validation positions (%,d beyond the eval limit"
                                + " and %,d with a capture or promotion as best move left out;"
                                + " %,d such kept as their quiet leaf) from %d files",
                        data.train().count(),
                        data.validation().count(),
                        data.filtered(),
                        data.noisy(),
                        data.resolved(),
                        data.files().size()));
        Path ckpt = checkpointOf(r.out());
        Trainer trainer =
                r.resume()
                        ? Trainer.resume(o, Checkpoint.read(ckpt))
                        : init != null ? Trainer.start(o, init) : Trainer.start(o);
        double handcrafted = loss(new HandcraftedEvaluator(), data.validation(), o.loss());
        double material =
                Trainer.loss(
                        init != null ? init : LinearModel.of(EvalWeights.start(o.features())),
                        data.validation(),
                        o.loss(),
                        o.threads());
        progress.accept(
                String.format(
                        "validation loss before training: %.5f (%s); the handcrafted"
                                + " evaluation's: %.5f",
                        material, TrainingReport.startName(r), handcrafted));
        ScaleCalibration.Result calibrated =
                ScaleCalibration.of(new HandcraftedEvaluator(), data.validation());
        progress.accept(
                String.format(
                        "the validation results fit the handcrafted evaluation best at --scale %.0f"
                                + " (this run: %.0f)",
                        calibrated.scale(), o.scale()));
        epochsDone.accept(trainer.epochsDone());
        while (trainer.epochsDone() < o.epochs()) {
            Trainer.Epoch e = trainer.epoch(data.train(), data.validation());
            trainer.checkpoint().write(ckpt);
            boolean best = trainer.bestEpoch() == e;
            if (best) {
                EvalFile.write(r.out(), trainer.model().toEvalWeights());
            }
            progress.accept(
                    String.format(
                            "epoch %d/%d: training loss %.5f, validation loss %.5f (%.1f s)%s",
                            e.epoch(),
                            o.epochs(),
                            e.trainLoss(),
                            e.validationLoss(),
                            e.millis() / 1000.0,
                            best ? "" : "; the file keeps epoch " + trainer.bestEpoch().epoch()));
            epochsDone.accept(trainer.epochsDone());
        }
        if (!Files.exists(r.out())) {
            EvalFile.write(r.out(), trainer.model().toEvalWeights());
        }
        // A fine-tune whose every epoch is worse than its start on held-out games still writes its
        // best epoch; say so, or a user would take the file for an improvement.
        if (init != null && trainer.bestEpoch().validationLoss() > material) {
            progress.accept(
                    String.format(
                            "no epoch beat the --init file on the validation positions (best"
                                    + " %.5f at epoch %d, --init %.5f): %s is worse than its start;"
                                    + " try a smaller --learning-rate",
                            trainer.bestEpoch().validationLoss(),
                            trainer.bestEpoch().epoch(),
                            material,
                            r.out().getFileName()));
        }
        MoveAgreement.Result trained =
                MoveAgreement.measure(
                        data.validation(),
                        EvalFile.read(r.out()).evaluator(),
                        r.agreementPositions());
        MoveAgreement.Result hand =
                MoveAgreement.measure(
                        data.validation(), new HandcraftedEvaluator(), r.agreementPositions());
        Path report = r.out().resolveSibling(r.out().getFileName() + ".report.md");
        Path plot = r.out().resolveSibling(r.out().getFileName() + ".loss.svg");
        Summary s =
                new Summary(
                        data,
                        trainer,
                        handcrafted,
                        material,
                        trained,
                        hand,
                        calibrated,
                        report,
                        plot);
        Files.writeString(
                plot,
                LossPlot.svg(
                        "elmo loss per epoch, features "
                                + o.features().label
                                + ", lambda "
                                + o.lambda()
                                + ", scale "
                                + o.scale(),
                        trainer.history()));
        Files.writeString(report, TrainingReport.markdown(r, s));
        return s;
    }

    /** The mean loss of an engine evaluator (from the side to move) on part. */
    static double loss(Evaluator evaluator, TrainingData.Part part, ElmoLoss loss) {
        double sum = 0;
        for (int i = 0; i < part.count(); i++) {
            PackedSfenValue v = PackedSfenValue.read(part.records(), i * PackedSfenValue.BYTES);
            sum += loss.loss(evaluator.evaluate(v.position()), v.score(), v.result());
        }
        return sum / Math.max(1, part.count());
    }
}
