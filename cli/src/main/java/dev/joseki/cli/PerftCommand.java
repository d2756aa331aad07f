package dev.joseki.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.Perft;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki perft}: move-generator node counts for one position or a suite of published
 * cases.
 */
@Command(
        name = "perft",
        mixinStandardHelpOptions = true,
        description = {
            "Counts legal move sequences.",
            "Single position: last line 'nodes <N>'. Suite: one line per failed case, then '<P>"
                    + " passed, <F> failed'.",
            "Timing goes to stderr: 'time <s> s, <n> nodes/s; cpu <s> s, <n> nodes/s' (wall clock"
                    + " and the thread's CPU time)."
        })
final class PerftCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--sfen",
            description = "Position (SFEN, or 'startpos'). Default: the start position.")
    String sfen = "startpos";

    @Option(names = "--depth", description = "Depth in plies.")
    Integer depth;

    @Option(names = "--divide", description = "Print '<usi-move> <count>' per root move first.")
    boolean divide;

    @Option(
            names = "--suite",
            description = "JSON lines file of {\"sfen\", \"depth\", \"nodes\"} cases.")
    Path suite;

    @Option(
            names = "--make-leaves",
            description = "Make and unmake every leaf move instead of bulk counting.")
    boolean makeLeaves;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (suite != null) {
            return runSuite(out);
        }
        if (depth == null || depth < 0) {
            throw new IllegalArgumentException("--depth N (N >= 0) is required with --sfen");
        }
        Position pos = "startpos".equals(sfen) ? Sfen.startPosition() : Sfen.parseProblem(sfen);
        java.lang.management.ThreadMXBean mx =
                java.lang.management.ManagementFactory.getThreadMXBean();
        long start = System.nanoTime(), cpuStart = mx.getCurrentThreadCpuTime();
        long nodes;
        Perft perft = new Perft(depth);
        if (divide && depth > 0) {
            nodes =
                    perft.divide(
                            pos,
                            depth,
                            (move, count) -> {
                                out.println(Move.usi(move) + " " + count);
                                return true;
                            });
        } else {
            nodes = makeLeaves ? perft.countByMaking(pos, depth) : perft.count(pos, depth);
        }
        double secs = (System.nanoTime() - start) / 1e9;
        double cpu = (mx.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        out.println("nodes " + nodes);
        out.flush();
        // CPU time of the counting thread too: on a shared machine the wall clock measures the
        // neighbours.
        spec.commandLine()
                .getErr()
                .printf(
                        java.util.Locale.ROOT,
                        "time %.3f s, %.0f nodes/s; cpu %.3f s, %.0f nodes/s%n",
                        secs,
                        nodes / Math.max(secs, 1e-9),
                        cpu,
                        nodes / Math.max(cpu, 1e-9));
        return ExitCodes.OK;
    }

    private int runSuite(PrintWriter out) throws IOException {
        if (Files.isDirectory(suite)) {
            throw new IllegalArgumentException(
                    suite + " is a directory; give a JSON lines file of perft cases");
        }
        List<String> lines = Files.readAllLines(suite, StandardCharsets.UTF_8);
        ObjectMapper json = new ObjectMapper();
        int passed = 0, failed = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            JsonNode c;
            try {
                c = json.readTree(line);
            } catch (JsonProcessingException e) {
                throw new ParseException(
                        suite.toString(), i + 1, 1, "not a JSON object: " + e.getOriginalMessage());
            }
            if (!c.path("sfen").isTextual()
                    || !c.path("depth").canConvertToInt()
                    || !c.path("nodes").canConvertToLong()) {
                throw new ParseException(
                        suite.toString(),
                        i + 1,
                        1,
                        "each case needs \"sfen\", \"depth\" and \"nodes\"");
            }
            String s = c.get("sfen").asText();
            int d = c.get("depth").asInt();
            long expected = c.get("nodes").asLong();
            Position pos = Sfen.parseProblem(s, suite.toString(), i + 1, 1);
            long got = new Perft(d).count(pos, d);
            if (got == expected) {
                passed++;
            } else {
                failed++;
                out.println(
                        "FAILED line "
                                + (i + 1)
                                + ": "
                                + s
                                + " depth "
                                + d
                                + ": expected "
                                + expected
                                + ", got "
                                + got);
            }
        }
        out.println(passed + " passed, " + failed + " failed");
        return failed > 0 ? ExitCodes.FAILURE : ExitCodes.OK;
    }
}
