package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.selfplay.StalledRunException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * One line per error, labelled with the whole command, saying what is wrong; the trace only with
 * --verbose.
 */
class ErrorHandlerTest {

    @Test
    void aMissingPerftSuiteSaysNoSuchFile(@TempDir Path dir) {
        Path missing = dir.resolve("perft.jsonl");
        Cli.Run r = Cli.run("perft", "--suite", missing.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo("joseki perft: no such file: " + missing + System.lineSeparator());
    }

    @Test
    void aDirectoryGivenAsPerftSuiteSaysSo(@TempDir Path dir) {
        Cli.Run r = Cli.run("perft", "--suite", dir.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki perft: "
                                + dir
                                + " is a directory; give a JSON lines file of perft cases"
                                + System.lineSeparator());
    }

    @Test
    void subcommandErrorsCarryTheWholeCommandName(@TempDir Path dir) {
        Cli.Run r = Cli.run("book", "stats", "--book", dir.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).startsWith("joseki book stats: ");
    }

    @Test
    void verboseShowsTheStackTraceOfAUserErrorAndPlainRunsDoNot(@TempDir Path dir) {
        Path missing = dir.resolve("x.jsonl");
        Cli.Run plain = Cli.run("perft", "--suite", missing.toString());
        assertThat(plain.err()).doesNotContain("\tat ");
        Cli.Run verbose = Cli.run("--verbose", "perft", "--suite", missing.toString());
        assertThat(verbose.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(verbose.err())
                .startsWith("joseki perft: no such file: " + missing)
                .contains("NoSuchFileException")
                .contains("\tat ");
    }

    @Command(name = "joseki")
    static final class StallingCommand implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new StalledRunException(
                    "run t1: no game finished for 600 s with 3 games missing");
        }
    }

    @Test
    void aStalledRunIsOneLineAndAFailureNotAnInternalError() {
        StringWriter err = new StringWriter();
        CommandLine cl =
                new CommandLine(new StallingCommand())
                        .setErr(new PrintWriter(err))
                        .setExecutionExceptionHandler(new ErrorHandler());
        assertThat(cl.execute()).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString())
                .isEqualTo(
                        "joseki: run t1: no game finished for 600 s with 3 games missing"
                                + System.lineSeparator());
    }
}
