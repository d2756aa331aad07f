package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.selfplay.RunStop;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki run stop ID}: stops a named run on the workers from anywhere, as the control
 * room's stop button does (docs/serve.md): its queued tasks are retired and the run ends as if
 * interrupted, writing its report of the games finished (a tournament), or its command's wait ends
 * (selfplay, train data, evaluate).
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description =
                "Named runs on the workers (tournament, book compare, selfplay, train data,"
                        + " evaluate): stop.",
        subcommands = {RunCommand.Stop.class})
final class RunCommand {

    @Command(
            name = "stop",
            mixinStandardHelpOptions = true,
            description = {
                "Retires the queued tasks of run ID (its --name, or the id selfplay, train data"
                        + " and evaluate print): the workers commit them unplayed, and the process"
                        + " that runs or waits for it ends.",
                "Prints: stopped run ID"
            })
    static final class Stop implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Parameters(
                paramLabel = "ID",
                description = "The run's --name (./joseki serve lists them).")
        String id;

        @Mixin KafkaOptions kafka = new KafkaOptions();

        @Override
        public Integer call() throws IOException {
            if (id.isBlank() || id.contains("/")) {
                throw new IllegalArgumentException("ID: a run id is non-empty without '/'");
            }
            try (KafkaConnection conn =
                    KafkaConnection.openLasting(
                            kafka,
                            spec.commandLine().getErr(),
                            "an embedded broker holds no run of another process")) {
                RunStop.stop(conn.settings, kafka.topics(), id);
            }
            spec.commandLine().getOut().println("stopped run " + id);
            return ExitCodes.OK;
        }
    }
}
