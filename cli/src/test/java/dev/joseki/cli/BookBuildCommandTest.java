package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Usage of book build, checked before Spark starts (the builds themselves: book-builder's tests). */
class BookBuildCommandTest {

    @Test
    void includeTournamentsGoesOnlyWithFromKafka(@TempDir Path dir) {
        Cli.Run r = Cli.run("book", "build", "--from", dir.toString(), "--include-tournaments", "--out",
                dir.resolve("book").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).isEqualTo("joseki book build: --include-tournaments goes with --from-kafka"
                + System.lineSeparator());
    }
}
