package dev.joseki.cli;

import dev.joseki.engine.Bench;
import dev.joseki.engine.SearchListener;
import dev.joseki.rules.Move;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ./joseki bench}: the search signature (total nodes) and its speed on fixed positions. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Searches fixed positions to a fixed depth (1 thread, fresh 16 MB table).",
            "One line per position, then last line 'nodes <N> nps <X>'."})
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--depth", description = "Search depth (default ${DEFAULT-VALUE}).")
    int depth = Bench.DEFAULT_DEPTH;

    @Override
    public Integer call() {
        if (depth < 1 || depth > 64) {
            throw new IllegalArgumentException("--depth must be 1..64");
        }
        PrintWriter out = spec.commandLine().getOut();
        Bench.Totals t = Bench.run(depth, SearchListener.NONE, (sfen, r) ->
                out.println("position " + sfen + " nodes " + r.nodes() + " bestmove " + Move.usi(r.bestMove())));
        out.println("nodes " + t.nodes() + " nps " + t.nps());
        out.flush();
        return ExitCodes.OK;
    }
}
