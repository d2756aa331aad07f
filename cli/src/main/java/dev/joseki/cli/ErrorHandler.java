package dev.joseki.cli;

import dev.joseki.notation.ParseException;
import java.io.IOException;
import java.io.UncheckedIOException;
import picocli.CommandLine;

/** Turns the exceptions a command lets through into one line on stderr and the right exit status. */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        if (ex instanceof ParseException || ex instanceof IOException || ex instanceof UncheckedIOException
                || ex instanceof IllegalArgumentException) {
            cl.getErr().println("joseki " + cl.getCommandName() + ": " + ex.getMessage());
            return ExitCodes.USAGE;
        }
        String kafka = KafkaAuthentication.message(ex, null, java.util.Map.of()); // refused later than the first check
        if (kafka != null) {
            cl.getErr().println("joseki " + cl.getCommandName() + ": " + kafka);
            return ExitCodes.USAGE;
        }
        cl.getErr().println("joseki " + cl.getCommandName() + ": internal error: " + ex);
        ex.printStackTrace(cl.getErr());
        return ExitCodes.FAILURE;
    }
}
