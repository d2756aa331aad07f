package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.ProgressOptions;
import dev.joseki.engine.FeatureSet;
import dev.joseki.learn.Fit;
import dev.joseki.learn.Trainer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki train fit}: fits a trained evaluation to PackedSfenValue files ({@link Fit});
 * progress on stderr, the summary on stdout.
 */
@Command(
        name = "fit",
        mixinStandardHelpOptions = true,
        description = {
            "Fits a trained evaluation to YaneuraOu PackedSfenValue files (40 bytes a position):"
                    + " DIR/train/*.bin and DIR/validation/*.bin, or plain *.bin files of which"
                    + " every 20th position is held out for validation.",
            "Writes FILE (the evaluation, for the EvalFile option), FILE.ckpt (to --resume),"
                    + " FILE.report.md and FILE.loss.svg."
        })
final class TrainFitCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--data",
            required = true,
            paramLabel = "DIR",
            description =
                    "Training data: a train export's directory, a directory of .bin files or one"
                            + " file. Repeat it to fit several sources as one set (the exports of"
                            + " several generations, say).")
    List<Path> data;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Evaluation file.")
    Path out;

    @Option(
            names = "--features",
            paramLabel = "SET",
            description =
                    "kp (pieces relative to each king), hkp (the handcrafted evaluation plus a"
                            + " kp correction), hkn (the handcrafted evaluation plus a small"
                            + " network's correction), psq (plain piece-square) or material"
                            + " (default ${DEFAULT-VALUE}).")
    String features = "kp";

    @Option(
            names = "--lambda",
            description =
                    "Weight of the teacher's score against the game result, 0..1 (default"
                            + " ${DEFAULT-VALUE}).")
    double lambda = 0.5;

    @Option(
            names = "--scale",
            paramLabel = "K",
            description =
                    "Centipawns at which one side wins three games in four: the loss's"
                            + " sigmoid(eval/K) (default ${DEFAULT-VALUE}, elmo's; see"
                            + " docs/training.md for choosing it from the data).")
    double scale = 600;

    @Option(
            names = "--quiet",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description =
                    "Keep only positions whose teacher's best move neither captures nor promotes"
                            + " (default; --no-quiet keeps them all).")
    boolean quiet = true;

    @Option(
            names = "--leaves",
            description =
                    "With --quiet, keep a position whose teacher's best move captures or promotes"
                            + " as the quiet end of that move's exchange line (the move, then a"
                            + " quiescence search of captures on the handcrafted evaluation), with"
                            + " the teacher's score, instead of leaving it out.")
    boolean leaves;

    @Option(names = "--epochs", description = "Epochs (default ${DEFAULT-VALUE}).")
    int epochs = 10;

    @Option(names = "--threads", description = "Training threads (default ${DEFAULT-VALUE}).")
    int threads = 1;

    @Option(names = "--seed", description = "Seed of the shuffles (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(
            names = "--learning-rate",
            description =
                    "AdaGrad's step in centipawns; hkn's steps are 1/200 of it (default"
                            + " ${DEFAULT-VALUE}).")
    double learningRate = 2;

    @Option(
            names = "--eval-limit",
            description =
                    "Leave out positions whose teacher score exceeds this many centipawns"
                            + " (default ${DEFAULT-VALUE}).")
    int evalLimit = 3000;

    @Option(
            names = "--agreement-positions",
            description =
                    "Validation positions searched for move agreement (default"
                            + " ${DEFAULT-VALUE}).")
    int agreementPositions = 2000;

    @Option(
            names = "--resume",
            description =
                    "Continue from FILE.ckpt (same --features, --seed, --lambda and --scale).")
    boolean resume;

    @Option(
            names = "--init",
            paramLabel = "FILE",
            description =
                    "Start from this evaluation file (of the same --features) instead of fresh"
                            + " weights: fine-tuning, e.g. the shipped network (in the sources as"
                            + " common/src/main/resources/dev/joseki/engine/NAME.eval, NAME as"
                            + " ./joseki bench gives it) on another teacher's data.")
    Path init;

    @Mixin ProgressOptions progress = new ProgressOptions();

    @Override
    public Integer call() throws Exception {
        if (agreementPositions < 0 || evalLimit < 0) {
            throw new IllegalArgumentException(
                    "--agreement-positions and --eval-limit must be >= 0");
        }
        Trainer.Options o =
                new Trainer.Options(
                        FeatureSet.of(features),
                        lambda,
                        epochs,
                        threads,
                        seed,
                        learningRate,
                        scale);
        PrintWriter err = spec.commandLine().getErr();
        Progress epochs = progress.start(err, Progress.Unit.EPOCHS, o.epochs());
        Fit.Summary s =
                Fit.run(
                        new Fit.Request(
                                data,
                                out,
                                o,
                                evalLimit,
                                resume,
                                agreementPositions,
                                quiet,
                                leaves,
                                init),
                        epochs::log,
                        new java.util.function.IntConsumer() {
                            private boolean started;

                            @Override
                            public void accept(int done) {
                                if (!started) {
                                    started = true;
                                    epochs.startAt(done);
                                }
                                epochs.update(done);
                            }
                        });
        epochs.finish();
        PrintWriter stdout = spec.commandLine().getOut();
        var history = s.trainer().history();
        var best = s.trainer().bestEpoch();
        stdout.printf(
                Locale.ROOT,
                "features %s epochs %d file_epoch %d training_loss %.5f validation_loss %.5f"
                        + " handcrafted_validation_loss %.5f move_agreement %.3f"
                        + " handcrafted_move_agreement %.3f%n",
                o.features().label,
                history.size(),
                best.epoch(),
                best.trainLoss(),
                best.validationLoss(),
                s.handcraftedLoss(),
                s.trained().rate(),
                s.handcrafted().rate());
        stdout.println("wrote " + out + ", " + s.report() + ", " + s.plot());
        stdout.flush();
        return ExitCodes.OK;
    }
}
