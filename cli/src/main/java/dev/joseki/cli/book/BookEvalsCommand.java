package dev.joseki.cli.book;

import dev.joseki.book.builder.EvalFold;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.notation.Quote;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book evals}: folds PositionEval records into the book's evals table with Spark
 * ({@link EvalFold}). Bad records are listed on stderr and make the exit status 1 (the good ones
 * are folded).
 */
@Command(
        name = "evals",
        mixinStandardHelpOptions = true,
        description = {
            "Folds engine evaluations (PositionEval records) into a book, writing a new version.",
            "Per (position, move) the book keeps the deepest evaluation (then most nodes, then"
                    + " highest value);"
                    + " folding the same records again changes nothing."
        })
public final class BookEvalsCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--out",
            required = true,
            description = "Book directory (created when it holds no book yet).")
    Path out;

    @Option(
            names = "--from-kafka",
            description = "Read the evals topic's committed records added since the last fold.")
    boolean fromKafka;

    @Option(
            names = "--from",
            arity = "1..*",
            paramLabel = "FILE",
            description =
                    "Record files written by 'evaluate --out' (length-delimited PositionEval).")
    List<Path> from = new ArrayList<>();

    @Mixin KafkaOptions kafka = new KafkaOptions();

    @Option(names = "--master", description = "Spark master (default ${DEFAULT-VALUE}).")
    String master = "local[*]";

    @Override
    public Integer call() throws java.io.IOException {
        if (!fromKafka && from.isEmpty()) {
            throw new IllegalArgumentException("give --from-kafka, --from FILE..., or both");
        }
        SparkMasterProbe.check(master);
        EvalFold.Report r;
        if (fromKafka) {
            try (KafkaConnection conn =
                    KafkaConnection.openLasting(
                            kafka,
                            spec.commandLine().getErr(),
                            "an embedded broker would hold no evaluations")) {
                r =
                        EvalFold.run(
                                master,
                                out,
                                new EvalFold.Inputs(conn.settings, kafka.topics().evals(), from));
            }
        } else {
            r = EvalFold.run(master, out, new EvalFold.Inputs(null, null, from));
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf(
                "evals read %d, rejected %d, entries %d, changed %d, total %d%n",
                r.records(), r.rejected(), r.entries(), r.changed(), r.total());
        o.printf("time %.1f s%n", r.seconds());
        o.println(
                r.version() != null
                        ? "published " + r.version()
                        : "book unchanged (no new or better evaluations)");
        o.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (String e : r.errors()) {
            err.println("rejected: " + Quote.cut(e, 3 * Quote.MAX));
        }
        err.flush();
        return r.rejected() > 0 ? ExitCodes.FAILURE : ExitCodes.OK;
    }
}
