package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.selfplay.PlayerFactory;
import dev.joseki.selfplay.Worker;
import dev.joseki.selfplay.WorkerMain;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./joseki worker}: a stateless self-play and evaluation worker until SIGTERM / Ctrl-C. */
@Command(
        name = "worker",
        mixinStandardHelpOptions = true,
        description = {
            "Plays self-play tasks and evaluates eval tasks from Kafka and publishes the game and"
                    + " eval records, exactly once.",
            "Stop it with SIGTERM or Ctrl-C: tasks in progress are abandoned uncommitted and redone"
                    + " elsewhere."
        })
final class WorkerCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin KafkaOptions kafka;

    @Option(
            names = "--concurrency",
            paramLabel = "C",
            description = "Tasks (games, evaluations) run at once (default: one per core).")
    Integer concurrency;

    @Override
    public Integer call() throws Exception {
        int c = concurrency == null ? Runtime.getRuntime().availableProcessors() : concurrency;
        if (c < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1");
        }
        KafkaConnection conn = KafkaConnection.open(kafka, spec.commandLine().getErr());
        Worker.Config cfg =
                new Worker.Config(
                        conn.settings, kafka.topics(), kafka.group, c, Worker.defaultWorkerId());
        Worker worker = new Worker(cfg, PlayerFactory.standard());
        if (conn.isEmbedded()) {
            spec.commandLine()
                    .getErr()
                    .println(
                            "joseki worker: embedded broker at "
                                    + conn.settings.bootstrapServers());
        }
        spec.commandLine().getErr().flush();
        WorkerMain.runUntilSignalled(worker, conn::close);
        conn.close();
        return ExitCodes.OK;
    }
}
