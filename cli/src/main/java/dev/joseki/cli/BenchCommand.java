package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.engine.Bench;
import dev.joseki.engine.DefaultEvaluation;
import dev.joseki.engine.EvalFile;
import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.Evaluator;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.SearchListener;
import dev.joseki.rules.Move;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
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

    @Option(
            names = "--eval-file",
            paramLabel = "FILE",
            description =
                    "Search with the trained evaluation of FILE (docs/training.md) instead of the"
                            + " shipped one; its node count is then not the signature.")
    Path evalFile;

    @Option(
            names = "--handcrafted",
            description =
                    "Search with the handcrafted evaluation (its own signature, in"
                            + " docs/engine-changes.md).")
    boolean handcrafted;

    @Override
    public Integer call() {
        if (depth < 1 || depth > 64 || repeat < 1) {
            throw new IllegalArgumentException("--depth must be 1..64 and --repeat >= 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (evalFile != null && handcrafted) {
            throw new IllegalArgumentException("give --eval-file or --handcrafted, not both");
        }
        Supplier<Evaluator> evaluator;
        if (handcrafted) {
            evaluator = HandcraftedEvaluator::new;
            out.println("evaluation: handcrafted");
        } else {
            EvalWeights weights =
                    evalFile == null ? DefaultEvaluation.weights() : EvalFile.read(evalFile);
            evaluator = weights::evaluator;
            out.println(
                    "evaluation: trained, "
                            + weights.features().label
                            + ", "
                            + (evalFile == null
                                    ? DefaultEvaluation.NAME + " (shipped)"
                                    : evalFile));
        }
        Bench.Totals t = null;
        for (int run = 1; run <= repeat; run++) {
            final boolean last = run == repeat;
            t =
                    Bench.run(
                            depth,
                            evaluator,
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
