package dev.joseki.book.builder.training;

import dev.joseki.book.builder.KafkaOffsets;
import dev.joseki.book.builder.SparkTasks;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.notation.PackedSfenWriter;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.TrainingPosition;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * {@code ./joseki train export}: the positions topic as training data.
 *
 * <ol>
 *   <li>read the topic's committed records from its start to its last stable offsets at the start
 *       of the run (read_committed, explicit offset ranges as the book build reads games);
 *   <li>deduplicate by position key, keeping the record of the smallest position id ({@link
 *       TrainingSample#preferred});
 *   <li>leave out what {@link TrainingFilter} says, counting each reason;
 *   <li>hold out whole games for validation, in the seeded order of their ids, until they hold the
 *       validation fraction of the positions ({@link TrainingSplit#validationGames});
 *   <li>sort by set, then by the seeded order of the keys ({@link TrainingSplit}), number the
 *       positions, and write the validation ranks to {@code validation/part-NNNNN.bin}, the others
 *       to {@code train/part-NNNNN.bin} (YaneuraOu's PackedSfenValue, 40 bytes a position), with
 *       stats.json and stats.md.
 * </ol>
 *
 * Every step depends on the records and the seed only (not on partitioning or the order the records
 * arrive in), so the same topic content and seed give byte-identical files. The executors write the
 * files: on a cluster, DIR must be a directory they share with the driver (as a book's).
 */
public final class TrainingExportJob {
    /** What to read: the cluster and the positions topic. */
    public record Inputs(KafkaSettings kafka, String topic) {}

    /**
     * @param validation the fraction of positions for validation, in [0, 1)
     * @param perFile positions per output file
     */
    public record Settings(double validation, long seed, int evalLimit, int perFile) {
        public Settings {
            TrainingSplit.validationCount(0, validation); // checks the range
            if (perFile < 1) {
                throw new IllegalArgumentException("--per-file must be at least 1");
            }
            if (evalLimit < 0) {
                throw new IllegalArgumentException("--eval-limit must not be negative");
            }
        }
    }

    /** The statistics, and the first records that could not be read (at most ten). */
    public record Result(TrainingStats stats, List<String> errors, double seconds) {}

    /** A record as read: a sample, or why it is not one. */
    record Decoded(TrainingSample sample, String error) implements Serializable {}

    private TrainingExportJob() {}

    /** On a session of its own (local[*] or a cluster's master), stopped at the end. */
    public static Result run(String master, Inputs in, Path out, Settings s) throws IOException {
        return run(master, in, out, s, SparkTasks.Listener.NONE);
    }

    /** As {@link #run(String, Inputs, Path, Settings)}, telling {@code tasks} as they end. */
    public static Result run(
            String master, Inputs in, Path out, Settings s, SparkTasks.Listener tasks)
            throws IOException {
        SparkSession spark = dev.joseki.book.builder.BookBuildJob.session(master, 4);
        SparkTasks.attach(spark, tasks);
        try {
            return run(spark, in, out, s);
        } finally {
            spark.stop();
        }
    }

    public static Result run(SparkSession spark, Inputs in, Path out, Settings s)
            throws IOException {
        long started = System.nanoTime();
        if (Files.exists(out.resolve("stats.json"))) {
            throw new IllegalArgumentException(
                    "--out " + out + " already holds an export (stats.json); give a new directory");
        }
        Files.createDirectories(out.resolve("train"));
        Files.createDirectories(out.resolve("validation"));
        JavaRDD<Decoded> read = read(spark, in).persist(StorageLevel.MEMORY_AND_DISK());
        long records = read.count();
        JavaRDD<Decoded> bad = read.filter(d -> d.error() != null);
        long badRecords = bad.count();
        List<String> errors = bad.map(Decoded::error).takeOrdered(10);

        JavaRDD<TrainingSample> unique =
                read.filter(d -> d.error() == null)
                        .mapToPair(d -> new Tuple2<>(d.sample().key(), d.sample()))
                        .reduceByKey(TrainingSample::preferred)
                        .values()
                        .persist(StorageLevel.MEMORY_AND_DISK());
        long duplicates = records - badRecords - unique.count();
        int evalLimit = s.evalLimit();
        Map<String, Long> dropped =
                unique.map(
                                t -> {
                                    TrainingFilter.Reason r = TrainingFilter.drop(t, evalLimit);
                                    return r == null ? "" : r.id();
                                })
                        .filter(r -> !r.isEmpty())
                        .countByValue();
        JavaRDD<TrainingSample> kept =
                unique.filter(t -> TrainingFilter.drop(t, evalLimit) == null)
                        .persist(StorageLevel.MEMORY_AND_DISK());
        long n = kept.count();
        long seed = s.seed();
        Map<String, Long> byGame = kept.map(TrainingSample::game).countByValue();
        Set<String> held =
                TrainingSplit.validationGames(
                        byGame, seed, TrainingSplit.validationCount(n, s.validation()));
        long validation = held.stream().mapToLong(byGame::get).sum();
        HashSet<String> heldOut = new HashSet<>(held); // serialisable, for the executors
        JavaPairRDD<Long, TrainingSample> ranked =
                kept.mapToPair(
                                t ->
                                        new Tuple2<>(
                                                sortKey(seed, t.key(), heldOut.contains(t.game())),
                                                t))
                        .sortByKey(true)
                        .values()
                        .zipWithIndex()
                        .mapToPair(Tuple2::swap);
        int files = n == 0 ? 0 : TrainingSplit.file(n - 1, validation, s.perFile()) + 1;
        int partitions = Math.max(1, Math.min(files, spark.sparkContext().defaultParallelism()));
        String dir = out.toAbsolutePath().toString();
        int perFile = s.perFile();
        ranked.repartitionAndSortWithinPartitions(
                        new FilePartitioner(partitions, validation, perFile))
                .foreachPartition(it -> write(it, dir, validation, perFile));

        TrainingStats stats =
                new TrainingStats(
                        records,
                        badRecords,
                        duplicates,
                        dropped,
                        n - validation,
                        validation,
                        files,
                        TrainingStats.ordered(
                                TrainingBuckets.plyLabels(),
                                kept.map(t -> TrainingBuckets.ply(t.ply())).countByValue()),
                        TrainingStats.ordered(
                                TrainingBuckets.scoreLabels(),
                                kept.map(t -> TrainingBuckets.score(t.score())).countByValue()),
                        TrainingStats.ordered(
                                List.of("win", "draw", "loss"),
                                kept.map(
                                                t ->
                                                        t.result() > 0
                                                                ? "win"
                                                                : t.result() < 0 ? "loss" : "draw")
                                        .countByValue()),
                        seed,
                        s.validation(),
                        evalLimit);
        Files.writeString(out.resolve("stats.json"), stats.toJson(), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("stats.md"), stats.toMarkdown(), StandardCharsets.UTF_8);
        // Blocking: an unpersist still under way when the session stops ends in Spark's executor
        // rejecting its callback, a stack trace on the user's terminal after a good export.
        read.unpersist(true);
        unique.unpersist(true);
        kept.unpersist(true);
        return new Result(stats, errors, (System.nanoTime() - started) / 1e9);
    }

    /**
     * The shuffle's sort key: 0 for validation or 1, the order as 16 hex digits (unsigned), then
     * the position key.
     */
    static String sortKey(long seed, String key, boolean validation) {
        return (validation ? "0" : "1")
                + String.format("%016x", TrainingSplit.order(seed, key))
                + key;
    }

    private static JavaRDD<Decoded> read(SparkSession spark, Inputs in) {
        KafkaOffsets range = KafkaOffsets.of(in.kafka(), in.topic(), null);
        if (range.records() == 0) {
            return JavaSparkContext.fromSparkContext(spark.sparkContext()).emptyRDD();
        }
        return range.rows(spark, in.kafka(), in.topic()).map(TrainingExportJob::decode);
    }

    static Decoded decode(Row r) {
        String source = r.getString(1) + "-" + r.getInt(2) + "@" + r.getLong(3);
        try {
            TrainingPosition p = TrainingPosition.parseFrom((byte[]) r.get(0));
            if (p.getPositionId().isEmpty() || p.getPositionKey().isEmpty()) {
                return new Decoded(null, source + ": position_id or position_key is empty");
            }
            return new Decoded(TrainingSample.of(p), null);
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            return new Decoded(null, source + ": not a TrainingPosition: " + e.getMessage());
        }
    }

    /** Executor side: the ranks of one partition, ascending, written file after file. */
    private static void write(
            Iterator<Tuple2<Long, TrainingSample>> it, String dir, long validation, int perFile)
            throws IOException {
        PackedSfenWriter w = null;
        int current = -1;
        try {
            while (it.hasNext()) {
                Tuple2<Long, TrainingSample> r = it.next();
                int file = TrainingSplit.file(r._1(), validation, perFile);
                if (file != current) {
                    if (w != null) {
                        w.close();
                    }
                    w =
                            new PackedSfenWriter(
                                    Path.of(dir, TrainingSplit.path(file, validation, perFile)));
                    current = file;
                }
                w.write(record(r._2()));
            }
        } finally {
            if (w != null) {
                w.close();
            }
        }
    }

    /** The sample in YaneuraOu's format; the score fits: a kept score is within the eval limit. */
    static PackedSfenValue record(TrainingSample t) {
        Position pos = Sfen.parse(t.sfen());
        int move = UsiMove.parse(pos, t.bestMove());
        int score = Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, t.score()));
        return PackedSfenValue.of(pos, score, move, t.result());
    }

    /** Sends each file's ranks to one partition (file number modulo the partitions). */
    static final class FilePartitioner extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final int partitions;
        private final long validation;
        private final int perFile;

        FilePartitioner(int partitions, long validation, int perFile) {
            this.partitions = partitions;
            this.validation = validation;
            this.perFile = perFile;
        }

        @Override
        public int numPartitions() {
            return partitions;
        }

        @Override
        public int getPartition(Object rank) {
            return TrainingSplit.file((Long) rank, validation, perFile) % partitions;
        }
    }
}
