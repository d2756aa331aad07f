package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.engine.Bench;
import dev.joseki.engine.SearchListener;
import dev.joseki.rules.Move;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./joseki bench}: the search signature (total nodes) and its speed on fixed positions. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Searches fixed positions to a fixed depth (1 thread, fresh 16 MB table).",
            "One line per position, then last line 'nodes <N> nps <X>'."
        })
final class BenchCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--depth", description = "Search depth (default ${DEFAULT-VALUE}).")
    int depth = Bench.DEFAULT_DEPTH;

    @Option(
            names = "--repeat",
            description =
                    "Run the bench this many times and report the last run "
                            + "(the first run includes JIT warm-up; default ${DEFAULT-VALUE}).")
    int repeat = 1;

    @Override
    public Integer call() {
        if (depth < 1 || depth > 64 || repeat < 1) {
            throw new IllegalArgumentException("--depth must be 1..64 and --repeat >= 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        Bench.Totals t = null;
        for (int run = 1; run <= repeat; run++) {
            final boolean last = run == repeat;
            t =
                    Bench.run(
                            depth,
                            SearchListener.NONE,
                            (sfen, r) -> {
                                if (last) {
                                    out.println(
                                            "position "
                                                    + sfen
                                                    + " nodes "
                                                    + r.nodes()
                                                    + " bestmove "
                                                    + Move.usi(r.bestMove()));
                                }
                            });
            out.println(
                    "run "
                            + run
                            + ": time "
                            + t.timeMs()
                            + " ms, cpu "
                            + t.cpuMs()
                            + " ms, cpu nps "
                            + t.cpuNps());
            out.flush();
        }
        out.println("nodes " + t.nodes() + " nps " + t.nps());
        out.flush();
        return ExitCodes.OK;
    }
}
