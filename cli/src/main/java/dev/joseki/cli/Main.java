package dev.joseki.cli;

import dev.joseki.cli.book.BookCommand;
import dev.joseki.cli.command.ExitCodes;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code ./joseki}. Command names and output shapes follow docs/cli.md. Exit status:
 * 0 success, 1 the command ran and found a failure, 2 bad usage or unreadable input, 3 the Kafka
 * broker cannot be reached ({@link ExitCodes}).
 */
@Command(
        name = "joseki",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Shogi self-play, opening books and tournaments.",
        subcommands = {
            PerftCommand.class,
            RecordCommand.class,
            BenchCommand.class,
            UsiCommand.class,
            WorkerCommand.class,
            BrokerCommand.class,
            SparkCommand.class,
            SelfPlayCommand.class,
            EvaluateCommand.class,
            BookCommand.class,
            TournamentCommand.class,
            GamesCommand.class,
            MatchCommand.class,
            TuneCommand.class,
            TrainCommand.class,
            dev.joseki.cli.cluster.ClusterCommand.class,
            DemoCommand.class
        })
public final class Main {
    @CommandLine.Option(
            names = "--config",
            scope = CommandLine.ScopeType.INHERIT,
            description = "Properties file of option defaults (flags > JOSEKI_* env > this file).")
    String config;

    @CommandLine.Option(
            names = "--verbose",
            scope = CommandLine.ScopeType.INHERIT,
            description = "Show the stack trace of an error (errors are one line without it).")
    boolean verbose;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command line and returns the exit status (used by tests instead of a subprocess). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        try {
            cl.setDefaultValueProvider(ConfigDefaults.from(args, System.getenv()));
        } catch (IllegalArgumentException e) {
            cl.getErr().println("joseki: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        cl.setExecutionExceptionHandler(new ErrorHandler());
        cl.setParameterExceptionHandler(
                (ex, a) -> {
                    ex.getCommandLine().getErr().println(ex.getMessage());
                    ex.getCommandLine().usage(ex.getCommandLine().getErr());
                    return ExitCodes.USAGE;
                });
        return cl.execute(args);
    }

    /** --verbose anywhere on the command line (it is inherited by every subcommand). */
    static boolean verbose(CommandLine cl) {
        CommandLine root = cl;
        while (root.getParent() != null) {
            root = root.getParent();
        }
        for (CommandLine.ParseResult p = root.getParseResult(); p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }
}
