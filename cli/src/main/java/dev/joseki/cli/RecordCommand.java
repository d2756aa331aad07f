package dev.joseki.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.notation.CsaWriter;
import dev.joseki.notation.GameRecord;
import dev.joseki.notation.KifWriter;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.RecordFormat;
import dev.joseki.notation.RecordReader;
import dev.joseki.notation.Sfen;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki record show|convert}: reads game records (CSA, KIF, KI2, USI lines), replays them
 * through the rules and prints or converts them. An unparsable or illegal record prints {@code
 * file:line:column: reason} on stderr and exits 1; an unreadable file exits 2.
 */
@Command(
        name = "record",
        mixinStandardHelpOptions = true,
        description = "Game records: show, convert.",
        subcommands = {RecordCommand.Show.class, RecordCommand.Convert.class})
final class RecordCommand {

    @Command(
            name = "show",
            mixinStandardHelpOptions = true,
            description = {
                "Prints one JSON object per game, one per line:",
                "{\"file\", \"game\", \"plies\", \"result\", \"termination\", \"final_sfen\","
                        + " \"usi\"}"
            })
    static final class Show implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "FILE")
        List<Path> files;

        @Option(
                names = "--format",
                description = "csa, kif, ki2 or usi (default: from extension and content).")
        String format;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            ObjectMapper json = new ObjectMapper();
            RecordFormat f = format == null ? null : RecordFormat.parse(format);
            for (Path file : files) {
                List<GameRecord> games;
                try {
                    games = RecordReader.read(readable(file), file.toString(), f);
                } catch (ParseException e) {
                    return failed(spec, e);
                }
                for (int i = 0; i < games.size(); i++) {
                    GameRecord g = games.get(i);
                    ObjectNode o = json.createObjectNode();
                    o.put("file", file.toString());
                    o.put("game", i + 1);
                    o.put("plies", g.plies());
                    o.put("result", g.result().id());
                    o.put("termination", g.termination().id());
                    o.put("final_sfen", Sfen.write(g.finalPosition()));
                    o.put("usi", g.usi());
                    out.println(json.writeValueAsString(o));
                }
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(
            name = "convert",
            mixinStandardHelpOptions = true,
            description =
                    "Converts a record to CSA, KIF or USI lines (stdout, or -o OUT; a .kif OUT is"
                            + " Shift_JIS).")
    static final class Convert implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE")
        Path file;

        @Option(names = "--to", required = true, description = "csa, kif or usi")
        String to;

        @Option(
                names = {"-o", "--out"},
                description = "Output file (default: stdout).")
        Path out;

        @Option(
                names = "--format",
                description = "Input format (default: from extension and content).")
        String format;

        @Override
        public Integer call() throws IOException {
            String target = to.toLowerCase(Locale.ROOT);
            if (!List.of("csa", "kif", "usi").contains(target)) {
                throw new IllegalArgumentException(
                        "--to must be csa, kif or usi, not '" + to + "'");
            }
            List<GameRecord> games;
            try {
                games =
                        RecordReader.read(
                                readable(file),
                                file.toString(),
                                format == null ? null : RecordFormat.parse(format));
            } catch (ParseException e) {
                return failed(spec, e);
            }
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < games.size(); i++) {
                GameRecord g = games.get(i);
                switch (target) {
                    case "csa" -> sb.append(i > 0 ? "/\n" : "").append(CsaWriter.write(g));
                    case "kif" -> {
                        if (games.size() > 1) {
                            throw new IllegalArgumentException(
                                    "KIF holds one game; "
                                            + file
                                            + " has "
                                            + games.size()
                                            + " (convert to csa or usi)");
                        }
                        sb.append(KifWriter.write(g));
                    }
                    default -> sb.append(g.usi()).append('\n');
                }
            }
            if (out == null) {
                PrintWriter w = spec.commandLine().getOut();
                w.print(sb);
                w.flush();
            } else {
                boolean sjis =
                        target.equals("kif")
                                && !out.toString().toLowerCase(Locale.ROOT).endsWith(".kifu");
                byte[] bytes =
                        target.equals("kif")
                                ? KifWriter.encode(sb.toString(), sjis)
                                : sb.toString().getBytes(StandardCharsets.UTF_8);
                Files.write(out, bytes);
            }
            return ExitCodes.OK;
        }
    }

    /**
     * Reads a file; a missing one or a directory is bad input (exit 2) rather than a bad record.
     */
    private static byte[] readable(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(
                    file + " is a directory; give record files (e.g. " + file + "/*.kif)");
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no such file: " + file);
        }
        return Files.readAllBytes(file);
    }

    private static int failed(CommandSpec spec, ParseException e) {
        spec.commandLine().getErr().println(spec.qualifiedName() + ": " + e.getMessage());
        spec.commandLine().getErr().flush();
        return ExitCodes.FAILURE;
    }
}
