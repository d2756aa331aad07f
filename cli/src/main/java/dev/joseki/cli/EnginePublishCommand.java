package dev.joseki.cli;

import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.proto.EngineManifest;
import dev.joseki.selfplay.ArtifactFiles;
import dev.joseki.selfplay.EngineTopic;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.kafka.common.errors.AuthorizationException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki engine publish --name NAME [--exec RELPATH] DIR|FILE...}: puts an engine on the
 * engines topic ({@link EngineTopic}), content-addressed; publishing the same files again writes
 * nothing but, when it pointed elsewhere, the name.
 *
 * <p>stdout: {@code engine NAME hash HASH files N bytes B content new|present name
 * updated|unchanged}. A client that may not write the engines topic gets one line and exit 2.
 */
@Command(
        name = "publish",
        mixinStandardHelpOptions = true,
        description = {
            "Publishes an engine (its executable and every file it reads) on the engines topic,"
                    + " for --engine artifact=NAME.",
            "Directories are taken whole (paths below them); files by their file name."
        })
final class EnginePublishCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin KafkaOptions kafka;

    @Option(
            names = "--name",
            required = true,
            paramLabel = "NAME",
            description = "The name tasks use (artifact=NAME): letters, digits, '.', '_', '-'.")
    String name;

    @Option(
            names = "--exec",
            paramLabel = "RELPATH",
            description =
                    "The file the workers run, as a path inside the artifact (default: the only"
                            + " file, or the only executable one).")
    String exec;

    @Parameters(arity = "1..*", paramLabel = "DIR|FILE", description = "The engine's files.")
    List<Path> inputs;

    @Override
    public Integer call() throws Exception {
        if (!EngineSpec.isArtifactName(name)) {
            throw new CommandFailure(
                    ExitCodes.USAGE,
                    "--name '"
                            + name
                            + "': letters, digits, '.', '_' and '-', starting with a letter or"
                            + " digit, at most 100");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ArtifactFiles files = ArtifactFiles.collect(inputs, exec);
        try (KafkaConnection conn =
                KafkaConnection.openLasting(kafka, err, "the workers fetch engines from it")) {
            Topics topics = kafka.topics();
            EngineTopic topic = new EngineTopic(conn.settings, topics.engines());
            try {
                topics.ensure(conn.settings);
                EngineTopic.Published p = topic.publish(files, name, Instant.now());
                EngineManifest m = p.manifest();
                out.println(
                        "engine "
                                + name
                                + " hash "
                                + m.getHash()
                                + " files "
                                + m.getFilesCount()
                                + " bytes "
                                + files.size()
                                + " run "
                                + m.getRun()
                                + " content "
                                + (p.newContent() ? "new" : "present")
                                + " name "
                                + (p.newName() ? "updated" : "unchanged"));
            } catch (RuntimeException e) {
                AuthorizationException refused = refusal(e);
                if (refused == null) {
                    throw e;
                }
                throw new CommandFailure(
                        ExitCodes.USAGE,
                        "the Kafka broker at "
                                + conn.settings.bootstrapServers()
                                + " refused to let this client write "
                                + topic.topic()
                                + " ("
                                + refused.getClass().getSimpleName()
                                + "): publishing needs WRITE on that topic; nothing was published");
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static AuthorizationException refusal(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof AuthorizationException a) {
                return a;
            }
        }
        return null;
    }
}
