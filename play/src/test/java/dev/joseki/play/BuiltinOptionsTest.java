package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.engine.EvalFile;
import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.FeatureSet;
import dev.joseki.engine.book.BookChoice;
import dev.joseki.engine.book.BookMode;
import dev.joseki.engine.book.BookValueRules;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltinOptionsTest {
    @Test
    void defaultsAreTheDocumentedOnes() {
        BuiltinOptions d = BuiltinOptions.defaults();
        assertThat(d.number("USI_Hash")).isEqualTo(16);
        assertThat(d.number("Threads")).isEqualTo(1);
        assertThat(d.number("RootMateNodes")).isEqualTo(2000);
        assertThat(d.flag("PlausibleMoves")).isTrue();
        assertThat(d.flag("WarmUp")).isTrue();
        assertThat(BuiltinOptions.of(Map.of("WarmUp", "false")).flag("WarmUp")).isFalse();
        assertThat(d.bookMode()).isEqualTo(BookMode.HQM);
        assertThat(d.number("BookSeed")).isZero();
        assertThat(d.bookDir()).isNull();
        // by window where the book has values, else by count; values in centipawns (docs/book.md)
        assertThat(d.bookChoice()).isEqualTo(BookChoice.AUTO);
        assertThat(d.bookValueRules()).isEqualTo(new BookValueRules(50, 300, -140, -140));
        // the paper's constants with FQ capped at one pawn (docs/book.md)
        assertThat(d.bookBonus().half(0)).isEqualTo(75);
        assertThat(d.bookBonus().quarter(1000)).isEqualTo(12 + 100);
    }

    @Test
    void bookModeIsReadInAnyCaseAndKeptInCapitals() {
        assertThat(BuiltinOptions.of(Map.of("BookMode", "hm")).get("BookMode")).isEqualTo("HM");
        assertThat(BuiltinOptions.of(Map.of("BookMode", "Nm")).bookMode()).isEqualTo(BookMode.NM);
        assertThat(BuiltinOptions.of(Map.of("BookMode", "hqcm")).bookMode())
                .isEqualTo(BookMode.HQCM);
    }

    @Test
    void spinBoundsAreInclusive() {
        assertThat(BuiltinOptions.problem(Map.of("Threads", "64"))).isNull();
        assertThat(BuiltinOptions.problem(Map.of("Threads", "65")))
                .isEqualTo("option Threads: 65 outside 1..64");
        assertThat(BuiltinOptions.problem(Map.of("BookFqCap", "-1"))).isNull();
        assertThat(BuiltinOptions.problem(Map.of("BookFqCap", "-2")))
                .isEqualTo("option BookFqCap: -2 outside -1..1000000000");
    }

    @Test
    void unknownOptionNamesTheKnownOnes() {
        assertThatThrownBy(() -> BuiltinOptions.of(Map.of("Contempt", "10")))
                .hasMessageStartingWith(
                        "built-in engine has no option 'Contempt' (options: USI_Hash, Threads,");
    }

    @Test
    void bookDirMustHoldABookBeforeAnyGame(@TempDir Path dir) {
        assertThat(BuiltinOptions.problem(Map.of("BookDir", dir.toString())))
                .isEqualTo("option BookDir: no book in '" + dir + "'");
        assertThat(BuiltinOptions.problem(Map.of("BookDir", ""))).isNull();
    }

    @Test
    void usiLineDescribesTheOption() {
        assertThat(BuiltinOptions.option("Threads").usiLine())
                .isEqualTo("option name Threads type spin default 1 min 1 max 64");
        assertThat(BuiltinOptions.option("BookMode").usiLine())
                .isEqualTo(
                        "option name BookMode type combo default HQM var NM var HM var HQM var"
                                + " HQCM");
        assertThat(BuiltinOptions.option("BookDir").usiLine())
                .isEqualTo("option name BookDir type string default <empty>");
        assertThat(BuiltinOptions.option("BookChoice").usiLine())
                .isEqualTo(
                        "option name BookChoice type combo default AUTO var COUNT var VALUE var"
                                + " WINDOW var AUTO");
        assertThat(BuiltinOptions.option("BookEvalWhiteLimit").usiLine())
                .isEqualTo(
                        "option name BookEvalWhiteLimit type spin default -140 min -32000 max"
                                + " 32000");
    }

    @Test
    void theShippedEvaluationIsTheDefaultAndAnUnusableEvalFileIsAProblem(@TempDir Path dir)
            throws Exception {
        assertThat(BuiltinOptions.defaults().evalFile()).isNull();
        assertThat(BuiltinOptions.defaults().handcrafted()).isFalse();
        Path cut = dir.resolve("cut.bin");
        byte[] bytes = EvalFile.toBytes(EvalWeights.material(FeatureSet.PSQ));
        java.nio.file.Files.write(cut, java.util.Arrays.copyOf(bytes, 100));
        assertThat(BuiltinOptions.problem(Map.of("EvalFile", cut.toString())))
                .isEqualTo(
                        "option EvalFile: evaluation file "
                                + cut
                                + ": truncated: 100 bytes, its header says "
                                + bytes.length);
        Path good = dir.resolve("psq.bin");
        EvalFile.write(good, EvalWeights.material(FeatureSet.PSQ));
        assertThat(BuiltinOptions.problem(Map.of("EvalFile", good.toString()))).isNull();
    }

    @Test
    void aSpecThatNamesAFileAndTheHandcraftedEvaluationOrScalesATrainedOneIsAProblem(
            @TempDir Path dir) throws Exception {
        Path good = dir.resolve("psq.bin");
        EvalFile.write(good, EvalWeights.material(FeatureSet.PSQ));
        assertThat(
                        BuiltinOptions.problem(
                                Map.of("Evaluation", "handcrafted", "EvalFile", good.toString())))
                .isEqualTo(
                        "option EvalFile: a trained evaluation's file, but option Evaluation is"
                                + " HANDCRAFTED");
        assertThat(BuiltinOptions.problem(Map.of("TuneEvalAttack", "120")))
                .isEqualTo(
                        "options TuneEval*: they scale the handcrafted evaluation; set option"
                                + " Evaluation to HANDCRAFTED");
        assertThat(
                        BuiltinOptions.problem(
                                Map.of("Evaluation", "handcrafted", "TuneEvalAttack", "120")))
                .isNull();
        assertThat(BuiltinOptions.problem(Map.of("Evaluation", "handcraft")))
                .startsWith("option Evaluation: ");
    }
}
