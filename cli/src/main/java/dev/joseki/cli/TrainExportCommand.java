package dev.joseki.cli;

import dev.joseki.book.builder.training.TrainingExportJob;
import dev.joseki.book.builder.training.TrainingFilter;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.Progress;
import dev.joseki.cli.command.ProgressOptions;
import dev.joseki.cli.kafka.KafkaConnection;
import dev.joseki.cli.kafka.KafkaOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki train export}: the positions topic as training files with Spark ({@link
 * TrainingExportJob}). Records that are not a TrainingPosition are listed on stderr and make the
 * exit status 1 (the others are exported).
 *
 * <p>stdout: {@code records <R> bad <B> duplicates <D> dropped <reason>=<n>... train <T> validation
 * <V> files <F> seconds <S>}, then {@code wrote <DIR>}.
 */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = {
            "Exports the positions topic as YaneuraOu PackedSfenValue files (DIR/train,"
                    + " DIR/validation)",
            "with DIR/stats.json and stats.md: deduplicated by position, filtered, whole games held"
                    + " out for validation, shuffled with the seed."
        })
final class TrainExportCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--from-kafka",
            required = true,
            description = "Read the positions topic's committed records (all of them).")
    boolean fromKafka;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "Output directory (must not hold an export yet).")
    Path out;

    @Option(
            names = "--validation",
            paramLabel = "F",
            defaultValue = "0.05",
            description =
                    "Fraction of positions for validation, in [0, 1), held out as whole games"
                            + " (default: ${DEFAULT-VALUE}).")
    double validation;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description = "Seed of the shuffle and split (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--eval-limit",
            paramLabel = "CP",
            defaultValue = "" + TrainingFilter.DEFAULT_EVAL_LIMIT,
            description =
                    "Leave out positions whose score exceeds CP in absolute value (default:"
                            + " ${DEFAULT-VALUE}, YaneuraOu gensfen's).")
    int evalLimit;

    @Option(
            names = "--per-file",
            paramLabel = "N",
            defaultValue = "1000000",
            description = "Positions per .bin file (default: ${DEFAULT-VALUE}).")
    int perFile;

    @Mixin KafkaOptions kafka = new KafkaOptions();

    @Option(names = "--master", description = "Spark master (default ${DEFAULT-VALUE}).")
    String master = "local[*]";

    @Mixin ProgressOptions progress = new ProgressOptions();

    @Override
    public Integer call() throws Exception {
        TrainingExportJob.Settings settings =
                new TrainingExportJob.Settings(validation, seed, evalLimit, perFile);
        // Before any broker or Spark starts: the job checks it again.
        if (java.nio.file.Files.exists(out.resolve("stats.json"))) {
            throw new IllegalArgumentException(
                    "--out " + out + " already holds an export (stats.json); give a new directory");
        }
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        TrainingExportJob.Result r;
        Progress tasks = progress.start(err, Progress.Unit.TASKS, 0);
        try (KafkaConnection conn = KafkaConnection.open(kafka, err)) {
            r =
                    TrainingExportJob.run(
                            master,
                            new TrainingExportJob.Inputs(conn.settings, kafka.topics().positions()),
                            out,
                            settings,
                            new dev.joseki.cli.book.SparkProgress(tasks));
        }
        tasks.finish();
        var s = r.stats();
        StringBuilder dropped = new StringBuilder();
        for (TrainingFilter.Reason reason : TrainingFilter.Reason.values()) {
            dropped.append(' ')
                    .append(reason.id())
                    .append('=')
                    .append(s.dropped().getOrDefault(reason.id(), 0L));
        }
        o.printf(
                java.util.Locale.ROOT,
                "records %d bad %d duplicates %d dropped%s train %d validation %d files %d"
                        + " seconds %.1f%n",
                s.records(),
                s.badRecords(),
                s.duplicates(),
                dropped,
                s.train(),
                s.validation(),
                s.files(),
                r.seconds());
        o.println("wrote " + out);
        o.flush();
        for (String e : r.errors()) {
            err.println("joseki: " + e);
        }
        err.flush();
        return r.errors().isEmpty() ? ExitCodes.OK : ExitCodes.FAILURE;
    }
}
