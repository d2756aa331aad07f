package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that hold no game are refused before Spark starts reading (one-line messages naming the
 * input).
 */
class GameSourcesTest {

    @Test
    void anEmptyDirectoryIsRefused(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("notes.md"), "not a game file");
        assertThatThrownBy(() -> GameSources.files(null, List.of(tmp.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no game files (.usi .txt .csa .kif .kifu .ki2) under " + tmp);
    }

    @Test
    void aMissingInputIsRefused(@TempDir Path tmp) {
        assertThatThrownBy(() -> GameSources.files(null, List.of(tmp.resolve("nope").toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("input not found");
    }
}
