package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalFileTest {
    @TempDir Path dir;

    @Test
    void aWrittenFileReadsBackTheSameWeights() throws IOException {
        EvalWeights w = TrainedEvaluatorTest.randomWeights(FeatureSet.KP, 1);
        Path file = dir.resolve("kp.bin");
        EvalFile.write(file, w);
        EvalWeights back = EvalFile.read(file);
        assertThat(back.features()).isEqualTo(FeatureSet.KP);
        assertThat(back.material()).isEqualTo(w.material());
        assertThat(back.table()).isEqualTo(w.table());
        // 24 header bytes, 23 int32, 81 * 2,506 int16
        assertThat(Files.size(file)).isEqualTo(24 + 23 * 4 + 81 * 2506 * 2);
    }

    @Test
    void anHkpFileReadsBackAsHkpWithKpsLayoutAndFeatureSetFour() throws IOException {
        EvalWeights w = TrainedEvaluatorTest.randomWeights(FeatureSet.HKP, 2);
        Path file = dir.resolve("hkp.bin");
        EvalFile.write(file, w);
        byte[] bytes = Files.readAllBytes(file);
        // version 1 as for kp, feature set 4, 23 + 81 * 2,506 = 203,009 = 0x031901 weights
        assertThat(HexFormat.of().formatHex(bytes, 8, 20))
                .isEqualTo("01000000" + "04000000" + "01190300");
        assertThat(bytes).hasSize(24 + 23 * 4 + 81 * 2506 * 2);
        EvalWeights back = EvalFile.read(file);
        assertThat(back.features()).isEqualTo(FeatureSet.HKP);
        assertThat(back.material()).isEqualTo(w.material());
        assertThat(back.table()).isEqualTo(w.table());
    }

    @Test
    void theHeaderIsMagicVersionFeatureSetCountAndLittleEndianWeights() {
        byte[] bytes = EvalFile.toBytes(EvalWeights.material(FeatureSet.MATERIAL));
        // "JOSEKIEV", version 1, feature set 3, 23 weights; then the empty slot 0 and the pawn
        // 100 * 32 = 3200 = 0x0c80
        assertThat(HexFormat.of().formatHex(bytes, 0, 20))
                .isEqualTo("4a4f53454b494556" + "01000000" + "03000000" + "17000000");
        assertThat(HexFormat.of().formatHex(bytes, 24, 32)).isEqualTo("00000000" + "800c0000");
        assertThat(bytes).hasSize(24 + 92);
    }

    @Test
    void aMissingFileIsRefusedNamingIt() {
        Path file = dir.resolve("none.bin");
        assertThatThrownBy(() -> EvalFile.read(file))
                .isInstanceOf(EvalFileException.class)
                .hasMessage("evaluation file " + file + ": no such file");
    }

    @Test
    void aTruncatedFileIsRefused() throws IOException {
        byte[] bytes = EvalFile.toBytes(EvalWeights.material(FeatureSet.PSQ));
        Path file = write("cut.bin", Arrays.copyOf(bytes, bytes.length - 1));
        assertThatThrownBy(() -> EvalFile.read(file))
                .hasMessage(
                        "evaluation file "
                                + file
                                + ": truncated: "
                                + (bytes.length - 1)
                                + " bytes, its header says "
                                + bytes.length);
        Path stub = write("stub.bin", Arrays.copyOf(bytes, 10));
        assertThatThrownBy(() -> EvalFile.read(stub)).hasMessageContaining("truncated: 10 bytes");
    }

    @Test
    void anotherFormatVersionIsRefused() throws IOException {
        byte[] bytes = EvalFile.toBytes(EvalWeights.material(FeatureSet.MATERIAL));
        bytes[8] = 2;
        Path file = write("v2.bin", bytes);
        assertThatThrownBy(() -> EvalFile.read(file))
                .hasMessage(
                        "evaluation file "
                                + file
                                + ": format version 2, this engine reads version 1");
    }

    @Test
    void anUnknownFeatureSetOrAWeightCountOfAnotherSetIsRefused() throws IOException {
        byte[] bytes = EvalFile.toBytes(EvalWeights.material(FeatureSet.MATERIAL));
        bytes[12] = 9;
        Path unknown = write("f9.bin", bytes);
        assertThatThrownBy(() -> EvalFile.read(unknown))
                .hasMessageContaining(": unknown feature set 9");
        byte[] psq = EvalFile.toBytes(EvalWeights.material(FeatureSet.MATERIAL));
        psq[12] = 2; // claims psq, holds material's 23 weights
        Path other = write("psq.bin", psq);
        assertThatThrownBy(() -> EvalFile.read(other))
                .hasMessage("evaluation file " + other + ": 23 weights, feature set psq has 2529");
    }

    @Test
    void aWrongChecksumIsRefused() throws IOException {
        byte[] bytes = EvalFile.toBytes(EvalWeights.material(FeatureSet.PSQ));
        bytes[bytes.length - 1] ^= 1;
        Path file = write("flip.bin", bytes);
        assertThatThrownBy(() -> EvalFile.read(file))
                .isInstanceOf(EvalFileException.class)
                .hasMessageStartingWith("evaluation file " + file + ": wrong checksum: CRC32C ");
    }

    @Test
    void aFileOfAnotherKindIsRefused() throws IOException {
        Path file = write("text.bin", "lnsgkgsnl/1r5b1/ppppppppp/9/9".getBytes());
        assertThatThrownBy(() -> EvalFile.read(file))
                .hasMessage(
                        "evaluation file " + file + ": not an evaluation file (no JOSEKIEV magic)");
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, bytes);
        return file;
    }
}
