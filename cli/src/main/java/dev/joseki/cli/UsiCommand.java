package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.play.usi.UsiMain;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code ./joseki usi}: the engine speaking USI on stdin/stdout ({@link UsiMain}, the one entry
 * point).
 */
@Command(
        name = "usi",
        mixinStandardHelpOptions = true,
        description =
                "Runs the engine as a USI engine on stdin/stdout (register './joseki usi' in a"
                        + " GUI).")
final class UsiCommand implements Callable<Integer> {
    @Override
    public Integer call() throws IOException {
        UsiMain.serve();
        return ExitCodes.OK;
    }
}
