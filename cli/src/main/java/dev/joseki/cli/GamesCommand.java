package dev.joseki.cli;

import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.selfplay.GameArchive;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki games save|load}: a named run's games (tournament, book compare) kept in a file,
 * so that the run continues on another broker ({@link GameArchive}). Both need a cluster that
 * outlives the command; an embedded broker would be gone when it ends, so neither starts one.
 */
@Command(
        name = "games",
        mixinStandardHelpOptions = true,
        description = "A named run's games kept outside the broker: save, load.",
        subcommands = {GamesCommand.Save.class, GamesCommand.Load.class})
final class GamesCommand {

    @Command(
            name = "save",
            mixinStandardHelpOptions = true,
            description = {
                "Writes every game of the named run (tournament or book compare --name) on the"
                        + " games topic to FILE (gzip of length-delimited GameRecord messages).",
                "Prints: saved N games of run NAME to FILE"
            })
    static final class Save implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--name", required = true, description = "The run's --name.")
        String name;

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "The file.")
        Path out;

        @Mixin KafkaOptions kafka = new KafkaOptions();

        @Override
        public Integer call() throws IOException {
            try (KafkaConnection conn = lasting(kafka, spec)) {
                int n = GameArchive.save(conn.settings, kafka.topics(), name, out);
                if (n == 0) {
                    Files.deleteIfExists(out);
                    throw new CommandFailure(
                            ExitCodes.FAILURE,
                            "no games of run '"
                                    + name
                                    + "' on "
                                    + kafka.topics().games()
                                    + " at "
                                    + conn.settings.bootstrapServers()
                                    + "; nothing written");
                }
                spec.commandLine()
                        .getOut()
                        .println("saved " + n + " games of run " + name + " to " + out);
            }
            return ExitCodes.OK;
        }
    }

    @Command(
            name = "load",
            mixinStandardHelpOptions = true,
            description = {
                "Puts the games of FILE (from games save) on the games topic, leaving out those"
                        + " already there; a re-run of the same --name then plays only the rest.",
                "Prints: loaded N games (K already there) from FILE, then one line per run"
            })
    static final class Load implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "A file written by games save.")
        Path file;

        @Mixin KafkaOptions kafka = new KafkaOptions();

        @Override
        public Integer call() throws IOException {
            GameArchive.read(file); // a bad file is refused before connecting
            try (KafkaConnection conn = lasting(kafka, spec)) {
                kafka.topics().ensure(conn.settings);
                GameArchive.Loaded l = GameArchive.load(conn.settings, kafka.topics(), file);
                PrintWriter o = spec.commandLine().getOut();
                o.println(
                        "loaded "
                                + l.published()
                                + " games ("
                                + l.present()
                                + " already there) from "
                                + file);
                for (Map.Entry<String, Integer> e : l.perRun().entrySet()) {
                    o.println("  run " + e.getKey() + ": " + e.getValue() + " games");
                }
            }
            return ExitCodes.OK;
        }
    }

    /** The given cluster or the running local one; never an embedded broker. */
    private static KafkaConnection lasting(KafkaOptions kafka, CommandSpec spec)
            throws IOException {
        return KafkaConnection.openLasting(
                kafka,
                spec.commandLine().getErr(),
                "an embedded broker would be gone when this command ends");
    }
}
