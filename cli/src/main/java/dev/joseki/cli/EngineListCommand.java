package dev.joseki.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.records.proto.EngineFile;
import dev.joseki.records.proto.EngineManifest;
import dev.joseki.selfplay.ArtifactHash;
import dev.joseki.selfplay.EngineTopic;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki engine list [--json]}: the latest publication of every name on the engines topic.
 * Text: a header, then one line per name ({@code NAME HASH12 FILES BYTES PUBLISHED RUN}); JSON: an
 * array of objects with the full hash and every file.
 */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "Lists the engines published on the engines topic (latest per name).")
final class EngineListCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin KafkaOptions kafka;

    @Option(names = "--json", description = "JSON with full hashes and every file.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (KafkaConnection conn =
                KafkaConnection.openLasting(kafka, err, "engines are published on it")) {
            kafka.topics().ensure(conn.settings);
            EngineTopic.Catalog catalog =
                    new EngineTopic(conn.settings, kafka.topics().engines()).catalog();
            if (json) {
                ObjectMapper mapper = new ObjectMapper();
                ArrayNode all = mapper.createArrayNode();
                catalog.byName().values().forEach(m -> all.add(json(mapper, m)));
                out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(all));
            } else {
                out.println(
                        String.format(
                                Locale.ROOT,
                                "%-20s %-12s %5s %14s %-20s %s",
                                "name",
                                "hash",
                                "files",
                                "bytes",
                                "published",
                                "run"));
                for (EngineManifest m : catalog.byName().values()) {
                    out.println(
                            String.format(
                                    Locale.ROOT,
                                    "%-20s %-12s %5d %,14d %-20s %s",
                                    m.getName(),
                                    ArtifactHash.shortHash(m.getHash()),
                                    m.getFilesCount(),
                                    size(m),
                                    published(m).substring(0, 19) + "Z",
                                    m.getRun()));
                }
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static long size(EngineManifest m) {
        return m.getFilesList().stream().mapToLong(EngineFile::getSize).sum();
    }

    private static String published(EngineManifest m) {
        return Instant.ofEpochSecond(m.getPublishedAt().getSeconds(), m.getPublishedAt().getNanos())
                .toString();
    }

    private static ObjectNode json(ObjectMapper mapper, EngineManifest m) {
        ObjectNode o = mapper.createObjectNode();
        o.put("name", m.getName());
        o.put("hash", m.getHash());
        o.put("run", m.getRun());
        o.put("bytes", size(m));
        o.put("published", published(m));
        ArrayNode files = o.putArray("files");
        for (EngineFile f : m.getFilesList()) {
            files.addObject()
                    .put("path", f.getPath())
                    .put("sha256", f.getSha256())
                    .put("bytes", f.getSize())
                    .put("executable", f.getExecutable());
        }
        return o;
    }
}
