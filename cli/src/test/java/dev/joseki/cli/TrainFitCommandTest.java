package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.engine.EvalFile;
import dev.joseki.engine.FeatureSet;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.notation.PackedSfenWriter;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainFitCommandTest {
    @TempDir Path dir;

    /** Positions of seeded random games labelled by the handcrafted evaluation. */
    private static void write(Path file, long seed, int games) throws IOException {
        Files.createDirectories(file.getParent());
        HandcraftedEvaluator teacher = new HandcraftedEvaluator();
        Random random = new Random(seed);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        try (PackedSfenWriter w = new PackedSfenWriter(file)) {
            for (int g = 0; g < games; g++) {
                Position pos = Sfen.startPosition();
                for (int ply = 0; ply < 80; ply++) {
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        break;
                    }
                    int m = moves[random.nextInt(n)];
                    int score = teacher.evaluate(pos);
                    w.write(PackedSfenValue.of(pos, score, m, Integer.signum(score)));
                    pos.doMove(m);
                }
            }
        }
    }

    @Test
    void fitWritesTheEvaluationItsReportAndASummaryLineAndBenchLoadsIt() throws IOException {
        write(dir.resolve("data/train/part-0.bin"), 1, 8);
        write(dir.resolve("data/validation/part-0.bin"), 2, 2);
        Path out = dir.resolve("kp.eval");
        Cli.Run r =
                Cli.run(
                        "train",
                        "fit",
                        "--data",
                        dir.resolve("data").toString(),
                        "--out",
                        out.toString(),
                        "--epochs",
                        "2",
                        "--threads",
                        "2",
                        "--agreement-positions",
                        "20");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .containsPattern(
                        "features kp epochs 2 file_epoch [12] training_loss \\d\\.\\d{5}"
                            + " validation_loss \\d\\.\\d{5} handcrafted_validation_loss"
                            + " \\d\\.\\d{5} move_agreement \\d\\.\\d{3} handcrafted_move_agreement"
                            + " \\d\\.\\d{3}");
        assertThat(r.err()).contains("epoch 1/2: ", "epoch 2/2: ");
        // the progress in epochs, plain lines here: at the start, after epoch 1 (50 %), the end
        assertThat(r.err())
                .doesNotContain("\r")
                .contains("0/2 epochs (0%)  0.0 epochs/h  ETA ?")
                .containsPattern("(?m)^1/2 epochs \\(50%\\)  \\d+\\.\\d epochs/h  ETA \\S+$")
                .containsPattern("(?m)^2/2 epochs in \\S+  \\d+\\.\\d epochs/h$");
        assertThat(EvalFile.read(out).features()).isEqualTo(FeatureSet.KP);
        assertThat(Files.readString(dir.resolve("kp.eval.report.md"))).contains("| 2 | ");
        assertThat(dir.resolve("kp.eval.loss.svg")).exists();

        Cli.Run bench = Cli.run("bench", "--depth", "2", "--eval-file", out.toString());
        assertThat(bench.status()).as(bench.err()).isZero();
        assertThat(bench.out()).startsWith("evaluation: trained, kp, " + out);
        assertThat(bench.out().strip().lines().reduce((a, b) -> b).orElseThrow())
                .matches("nodes \\d+ nps \\d+");
    }

    @Test
    void repeatedDataFitsSeveralSourcesAsOneSetAndTheReportNamesThem() throws IOException {
        write(dir.resolve("gen4/train/part-0.bin"), 1, 4);
        write(dir.resolve("gen4/validation/part-0.bin"), 2, 1);
        write(dir.resolve("gen5/train/part-0.bin"), 3, 4);
        write(dir.resolve("gen5/validation/part-0.bin"), 4, 1);
        Path out = dir.resolve("both.eval");
        String gen4 = dir.resolve("gen4").toString(), gen5 = dir.resolve("gen5").toString();
        Cli.Run r =
                Cli.run(
                        "train",
                        "fit",
                        "--data",
                        gen4,
                        "--data",
                        gen5,
                        "--out",
                        out.toString(),
                        "--epochs",
                        "1",
                        "--agreement-positions",
                        "5");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err())
                .containsPattern("data: [\\d,]+ training, [\\d,]+ validation .* from 4 files");
        assertThat(Files.readString(dir.resolve("both.eval.report.md")))
                .contains("- data: `" + gen4 + "`, `" + gen5 + "`, ");
        Cli.Run twice =
                Cli.run("train", "fit", "--data", gen4, "--data", gen4, "--out", out.toString());
        assertThat(twice.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(twice.err().strip())
                .isEqualTo(
                        "joseki train fit: --data "
                                + gen4
                                + " given twice: its positions would count double");
    }

    @Test
    void badInputIsOneLineAndAUsageStatus() throws IOException {
        Path missing = dir.resolve("none");
        Cli.Run r = Cli.run("train", "fit", "--data", missing.toString(), "--out", "x.eval");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .isEqualTo("joseki train fit: " + missing + ": no such directory or .bin file");
        write(dir.resolve("a.bin"), 3, 1);
        Cli.Run f =
                Cli.run(
                        "train",
                        "fit",
                        "--data",
                        dir.toString(),
                        "--out",
                        "x.eval",
                        "--features",
                        "nnue");
        assertThat(f.err().strip())
                .isEqualTo(
                        "joseki train fit: unknown feature set 'nnue' (kp, hkp, hkn, psq or"
                                + " material)");
        Path bad = Files.write(dir.resolve("bad.eval"), new byte[] {1, 2, 3});
        Cli.Run i =
                Cli.run(
                        "train",
                        "fit",
                        "--data",
                        dir.toString(),
                        "--out",
                        "x.eval",
                        "--init",
                        bad.toString());
        assertThat(i.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(i.err().strip())
                .isEqualTo(
                        "joseki train fit: evaluation file "
                                + bad
                                + ": truncated: 3 bytes, shorter than its header");
        Cli.Run both =
                Cli.run(
                        "train",
                        "fit",
                        "--data",
                        dir.toString(),
                        "--out",
                        "x.eval",
                        "--init",
                        bad.toString(),
                        "--resume");
        assertThat(both.err().strip())
                .isEqualTo(
                        "joseki train fit: --init and --resume: a resumed run continues its"
                                + " checkpoint; give one");
        Cli.Run b = Cli.run("bench", "--depth", "1", "--eval-file", bad.toString());
        assertThat(b.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(b.err().strip())
                .isEqualTo(
                        "joseki bench: evaluation file "
                                + bad
                                + ": truncated: 3 bytes, shorter than its header");
    }
}
