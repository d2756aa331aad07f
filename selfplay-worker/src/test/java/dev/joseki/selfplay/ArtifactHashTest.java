package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArtifactHashTest {
    /**
     * Worked out with coreutils on the two files below (2026-11-29):
     *
     * <pre>
     * a=$(sha256sum engine.sh | cut -d' ' -f1); b=$(sha256sum eval/nn.bin | cut -d' ' -f1)
     * printf '%s x engine.sh\n%s - eval/nn.bin\nrun engine.sh\n' $a $b | sha256sum
     * </pre>
     */
    private static final String ENGINE_SH =
            "132b88acd1bf02907da8575ae792af99c5288cda8b1467b3c387d396428cfd04";

    private static final String NN_BIN =
            "efb48e24cf9d37ad9606521653813199298aafba49b7fa0403bd2d2ed2f8d028";
    private static final String ARTIFACT =
            "6b3c75d83c03cbf69b22fd157f0b244910fdbded222f9e6525966d632a5e9af9";

    static Path twoFiles(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("eval"));
        Path sh = Files.writeString(dir.resolve("engine.sh"), "#!/bin/sh\nexec cat\n");
        sh.toFile().setExecutable(true);
        Files.writeString(dir.resolve("eval/nn.bin"), "weights 1 2 3\n");
        return dir;
    }

    @Test
    void aTwoFileDirectoryHashesAsSha256sumWorksItOut(@TempDir Path dir) throws Exception {
        ArtifactFiles files = ArtifactFiles.collect(List.of(twoFiles(dir)), null);
        assertThat(files.run()).isEqualTo("engine.sh");
        assertThat(files.files())
                .extracting(f -> f.getPath() + " " + f.getSha256() + " " + f.getExecutable())
                .containsExactly(
                        "engine.sh " + ENGINE_SH + " true", "eval/nn.bin " + NN_BIN + " false");
        assertThat(files.hash()).isEqualTo(ARTIFACT);
        assertThat(files.size()).isEqualTo(19 + 14);
    }

    @Test
    void theSameBytesFromAnotherPlaceGiveTheSameHash(@TempDir Path dir) throws Exception {
        Path a = twoFiles(dir.resolve("a")), b = twoFiles(dir.resolve("b"));
        assertThat(ArtifactFiles.collect(List.of(b), "engine.sh").hash())
                .isEqualTo(ArtifactFiles.collect(List.of(a), null).hash());
    }

    @Test
    void anotherExecutableOrModeChangesTheHash(@TempDir Path dir) throws Exception {
        Path a = twoFiles(dir);
        String base = ArtifactFiles.collect(List.of(a), null).hash();
        assertThat(ArtifactFiles.collect(List.of(a), "eval/nn.bin").hash()).isNotEqualTo(base);
        a.resolve("eval/nn.bin").toFile().setExecutable(true);
        assertThat(ArtifactFiles.collect(List.of(a), "engine.sh").hash()).isNotEqualTo(base);
    }

    @Test
    void filesGivenOneByOneGoByTheirFileName(@TempDir Path dir) throws Exception {
        Path a = twoFiles(dir);
        ArtifactFiles files =
                ArtifactFiles.collect(
                        List.of(a.resolve("engine.sh"), a.resolve("eval/nn.bin")), null);
        assertThat(files.files())
                .extracting(f -> f.getPath())
                .containsExactly("engine.sh", "nn.bin");
    }

    @Test
    void ambiguousInputsAreRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path a = twoFiles(dir.resolve("a")), b = twoFiles(dir.resolve("b"));
        assertThatThrownBy(() -> ArtifactFiles.collect(List.of(a, b), null))
                .isInstanceOf(ArtifactException.class)
                .hasMessageContaining("two files would be published as engine.sh");
        a.resolve("eval/nn.bin").toFile().setExecutable(true);
        assertThatThrownBy(() -> ArtifactFiles.collect(List.of(a), null))
                .hasMessage("give --exec RELPATH: 2 files, engine.sh, eval/nn.bin executable");
        assertThatThrownBy(() -> ArtifactFiles.collect(List.of(a), "nn"))
                .hasMessage("--exec nn: not one of the files (engine.sh, eval/nn.bin)");
        assertThatThrownBy(() -> ArtifactFiles.collect(List.of(dir.resolve("none")), null))
                .hasMessageEndingWith("none: no such file or directory");
    }
}
