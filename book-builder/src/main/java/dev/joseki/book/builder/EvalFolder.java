package dev.joseki.book.builder;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * {@link EvalFold} many times over one Spark session: a loop that folds small batches of records
 * every few seconds (the book miner) would otherwise start and stop Spark for each.
 */
public final class EvalFolder implements AutoCloseable {
    private final SparkSession spark;

    public EvalFolder(String master) {
        this.spark = BookBuildJob.session(master, 4);
    }

    /** Folds the record files into the book's evals table (a new version when anything changed). */
    public EvalFold.Report fold(Path book, List<Path> files) {
        return EvalFold.run(spark, book, new EvalFold.Inputs(null, null, files));
    }

    @Override
    public void close() {
        spark.stop();
    }
}
