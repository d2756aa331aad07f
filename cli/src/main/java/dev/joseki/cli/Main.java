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
            ServeCommand.class,
            RunCommand.class,
            GamesCommand.class,
            MatchCommand.class,
            TuneCommand.class,
            TrainCommand.class,
            EngineCommand.class,
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
        return run(System.getenv(), args);
    }

    /** Runs a command line as if the environment held only env (JOSEKI_* option values). */
    static int run(java.util.Map<String, String> env, String... args) {
        CommandLine cl = new CommandLine(new Main());
        ConfigDefaults defaults;
        try {
            defaults = ConfigDefaults.from(args, env);
        } catch (IllegalArgumentException e) {
            cl.getErr().println("joseki: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        cl.setDefaultValueProvider(defaults);
        cl.setExecutionExceptionHandler(new ErrorHandler());
        cl.setParameterExceptionHandler(new UsageErrors(defaults));
        cl.setExecutionStrategy(Main::refuseUnmatched);
        return cl.execute(args);
    }

    /**
     * picocli lets --help win over an unknown command ("joseki nosuch --help" printed the top-level
     * help and exited 0); an argument no command takes is an error whatever else is on the line.
     */
    private static int refuseUnmatched(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult last = parsed;
        while (last.hasSubcommand()) {
            last = last.subcommand();
        }
        if (!last.unmatched().isEmpty()) {
            throw new CommandLine.UnmatchedArgumentException(
                    last.commandSpec().commandLine(), last.unmatched());
        }
        return new CommandLine.RunLast().execute(parsed);
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
