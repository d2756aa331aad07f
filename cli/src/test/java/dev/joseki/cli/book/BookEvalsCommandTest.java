package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.Cli;
import dev.joseki.cli.command.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** book evals' usage errors: one line, before Spark or Kafka start. */
class BookEvalsCommandTest {
    @Test
    void withoutInputsIsBadUsage(@TempDir Path dir) {
        Cli.Run r = Cli.run("book", "evals", "--out", dir.resolve("book").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki book evals: give --from-kafka, --from FILE..., or both"
                                + System.lineSeparator());
    }

    @Test
    void aFileOfOtherBytesNamesTheFile(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("notes.txt"), "not protobuf at all\n");
        Cli.Run r =
                Cli.run(
                        "book",
                        "evals",
                        "--from",
                        bad.toString(),
                        "--out",
                        dir.resolve("book").toString(),
                        "--master",
                        "local[1]");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .startsWith("joseki book evals: " + bad + ": record 1:")
                .doesNotContain("\tat ");
    }
}
