package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A command line that does not parse: one line on stderr, {@code joseki COMMAND: message (joseki
 * COMMAND --help shows the usage)}, and exit status 2, as docs/cli.md promises; not the 60 to 100
 * lines of usage picocli prints by default. A bad value that came from the environment or the
 * config file is reported under that name, since the user never typed the flag.
 */
final class UsageErrors implements CommandLine.IParameterExceptionHandler {
    private final ConfigDefaults defaults;

    UsageErrors(ConfigDefaults defaults) {
        this.defaults = defaults;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        String command = cl.getCommandSpec().qualifiedName();
        PrintWriter err = cl.getErr();
        err.println(
                command + ": " + message(ex, args) + " (" + command + " --help shows the usage)");
        if (Main.verbose(cl)) {
            ex.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.USAGE;
    }

    private String message(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        if (ex instanceof UnmatchedArgumentException u
                && !cl.getSubcommands().isEmpty()
                && !u.getUnmatched().isEmpty()
                && !u.getUnmatched().get(0).startsWith("-")) {
            return "unknown command '" + u.getUnmatched().get(0) + "'";
        }
        String text = String.join("; ", ex.getMessage().strip().split("\\R+"));
        ArgSpec arg = ex.getArgSpec();
        if (arg instanceof OptionSpec option && !typed(option, args)) {
            String origin = defaults.origin(option);
            if (origin != null) {
                String flag = "option '" + option.longestName() + "'";
                String named = origin + " (" + option.longestName() + ")";
                return text.contains(flag) ? text.replace(flag, named) : named + ": " + text;
            }
        }
        return text;
    }

    /** Whether one of the option's names is on the command line, alone or as NAME=VALUE. */
    private static boolean typed(OptionSpec option, String[] args) {
        for (String a : args) {
            for (String name : option.names()) {
                if (a.equals(name) || a.startsWith(name + "=")) {
                    return true;
                }
            }
        }
        return false;
    }
}
