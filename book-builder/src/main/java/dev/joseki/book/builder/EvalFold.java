package dev.joseki.book.builder;

import dev.joseki.book.BookMetadata;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.MoveEval;
import dev.joseki.book.store.BookLock;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.records.EvalRecordFile;
import dev.joseki.records.proto.PositionEval;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * {@code book evals}: folds PositionEval records (the evals topic, read_committed, and/or record
 * files) into the book's {@link EvalLayout.Table#EVALS} table, writing a new book version:
 *
 * <ol>
 *   <li>every record becomes its book entries ({@link EvalEntries}: full key ‖ move16, mover view);
 *       a record that cannot be read or replayed is rejected with its source;
 *   <li>Spark reduces the entries by key with {@link MoveEval#better} (a total order: deepest, then
 *       most nodes, then highest value, so the result never depends on the order the records came
 *       in);
 *   <li>the driver streams the reduced entries in key order into a checkpoint of the current
 *       version, each merged with what the book held with the same rule, and publishes it.
 * </ol>
 *
 * Folding is idempotent: a record folded twice (published twice, read again from a file) changes
 * nothing, and a run that changes no entry publishes no version, unless it moved the remembered
 * Kafka offsets (metadata {@link BookMetadata#KAFKA_EVAL_OFFSETS}: the next run reads only newer
 * records).
 */
public final class EvalFold {
    /** Entries written to the store per batch, so the driver holds a bounded number at a time. */
    static final int BATCH = 10_000;

    private EvalFold() {}

    /**
     * What a fold did. version is null when nothing changed and the book was left alone.
     *
     * @param records records read (Kafka and files)
     * @param rejected records that could not be replayed, and files whose last record was cut short
     *     (not among those read); each named in errors
     * @param entries distinct (position, move) entries the records gave
     * @param changed entries added or improved in the book
     * @param total entries of the evals table afterwards
     */
    public record Report(
            long records,
            long rejected,
            long entries,
            long changed,
            long total,
            double seconds,
            Path version,
            List<String> errors) {}

    /** Where the records come from: the evals topic (null: none) and record files. */
    public record Inputs(KafkaSettings kafka, String topic, List<Path> files) {
        public Inputs {
            files = List.copyOf(files);
        }
    }

    public static Report run(String master, Path out, Inputs in) {
        SparkSession spark = BookBuildJob.session(master, 4);
        try {
            return run(spark, out, in);
        } finally {
            spark.stop();
        }
    }

    /** Holds the book's {@link BookLock} from reading the current version to publishing. */
    public static Report run(SparkSession spark, Path out, Inputs in) {
        Path dir = out.toAbsolutePath();
        return BookLock.holding(dir, () -> fold(spark, dir, in));
    }

    private static Report fold(SparkSession spark, Path out, Inputs in) {
        long t0 = System.nanoTime();
        Path previous = BookVersions.current(out);
        BookMetadata prevMeta = new BookMetadata(Map.of());
        if (previous != null) {
            try (RocksBook b = RocksBook.openVersion(previous)) {
                prevMeta = b.metadata();
            }
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        // 1. the records, each with where it came from (for error messages)
        // (a file's last record cut short by a stopped writer is rejected; its whole records fold)
        List<Tuple2<String, byte[]>> fromFiles = new ArrayList<>();
        List<String> cutFiles = new ArrayList<>();
        for (Path f : in.files()) {
            EvalRecordFile file = EvalRecordFile.read(f);
            List<PositionEval> read = file.evals();
            for (int i = 0; i < read.size(); i++) {
                fromFiles.add(new Tuple2<>(f + "#" + (i + 1), read.get(i).toByteArray()));
            }
            if (file.cutShort()) {
                cutFiles.add(file.cutNote());
            }
        }
        JavaRDD<Tuple2<String, byte[]>> records =
                jsc.parallelize(fromFiles, Math.max(1, jsc.defaultParallelism()));
        String offsets = null;
        if (in.kafka() != null) {
            KafkaOffsets range =
                    KafkaOffsets.of(
                            in.kafka(),
                            in.topic(),
                            prevMeta.get(BookMetadata.KAFKA_EVAL_OFFSETS, ""));
            offsets = range.endingJson();
            if (range.records() > 0) {
                records =
                        records.union(
                                range.rows(spark, in.kafka(), in.topic())
                                        .map(EvalFold::kafkaRecord));
            }
        }
        // 2. entries, reduced by key with the merge rule
        LongAccumulator read = spark.sparkContext().longAccumulator("evals.read");
        LongAccumulator rejected = spark.sparkContext().longAccumulator("evals.rejected");
        CollectionAccumulator<String> errors =
                spark.sparkContext().collectionAccumulator("evals.errors");
        JavaPairRDD<String, byte[]> reduced =
                records.flatMapToPair(new ToEntries(read, rejected, errors))
                        .reduceByKey(EvalFold::better)
                        .sortByKey();
        // 3. into a checkpoint of the current version, merged with what it held
        Path version = BookVersions.newVersion(out);
        long entries = 0, changed = 0, added = 0;
        boolean publish;
        try (BookStore store = BookStore.create(version, previous)) {
            Map<byte[], MoveEval> batch = new TreeMap<>(java.util.Arrays::compareUnsigned);
            for (Iterator<Tuple2<String, byte[]>> it = reduced.toLocalIterator(); it.hasNext(); ) {
                Tuple2<String, byte[]> e = it.next();
                entries++;
                byte[] key = e._1().getBytes(StandardCharsets.ISO_8859_1);
                MoveEval incoming = EvalLayout.decode(e._2());
                MoveEval held = store.getEval(EvalLayout.Table.EVALS, key);
                MoveEval merged = held == null ? incoming : held.better(incoming);
                if (!merged.equals(held)) {
                    batch.put(key, merged);
                    changed++;
                    added += held == null ? 1 : 0;
                }
                if (batch.size() >= BATCH) {
                    store.putEvals(EvalLayout.Table.EVALS, batch);
                    batch.clear();
                }
            }
            store.putEvals(EvalLayout.Table.EVALS, batch);
            boolean offsetsMoved =
                    offsets != null
                            && !offsets.equals(prevMeta.get(BookMetadata.KAFKA_EVAL_OFFSETS, ""));
            publish = changed > 0 || offsetsMoved;
            if (publish) {
                Map<String, String> meta = new LinkedHashMap<>();
                meta.put(
                        BookMetadata.EVALS,
                        Long.toString(prevMeta.getLong(BookMetadata.EVALS, 0) + added));
                if (offsets != null) {
                    meta.put(BookMetadata.KAFKA_EVAL_OFFSETS, offsets);
                }
                meta.put(BookMetadata.BUILT_AT, Instant.now().toString());
                store.putMetadata(meta);
                store.compact(); // the new entries overlap the previous version's files
            }
        } catch (RuntimeException e) {
            BookVersions.discard(version, e);
            throw e;
        }
        if (publish) {
            BookVersions.publish(out, version);
        } else {
            deleteQuietly(version);
        }
        List<String> rejections = new ArrayList<>(cutFiles);
        rejections.addAll(errors.value());
        return new Report(
                read.value(),
                rejected.value() + cutFiles.size(),
                entries,
                changed,
                prevMeta.getLong(BookMetadata.EVALS, 0) + added,
                (System.nanoTime() - t0) / 1e9,
                publish ? version : null,
                List.copyOf(rejections));
    }

    private static Tuple2<String, byte[]> kafkaRecord(Row r) {
        return new Tuple2<>(
                r.getString(1) + "/" + r.getInt(2) + "@" + r.getLong(3), (byte[]) r.get(0));
    }

    static byte[] better(byte[] a, byte[] b) {
        MoveEval x = EvalLayout.decode(a), y = EvalLayout.decode(b);
        return x.better(y) == x ? a : b;
    }

    private static void deleteQuietly(Path dir) {
        try {
            BookVersions.deleteTree(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Executor side: one record's book entries, keyed by the entry key as a Latin-1 string (a byte
     * array is no key for Spark: it hashes by identity), the value encoded as the book stores it.
     */
    static final class ToEntries
            implements PairFlatMapFunction<Tuple2<String, byte[]>, String, byte[]> {
        private static final long serialVersionUID = 1L;
        private final LongAccumulator read;
        private final LongAccumulator rejected;
        private final CollectionAccumulator<String> errors;

        ToEntries(
                LongAccumulator read,
                LongAccumulator rejected,
                CollectionAccumulator<String> errors) {
            this.read = read;
            this.rejected = rejected;
            this.errors = errors;
        }

        @Override
        public Iterator<Tuple2<String, byte[]>> call(Tuple2<String, byte[]> r) {
            read.add(1);
            try {
                Map<byte[], MoveEval> entries = EvalEntries.of(PositionEval.parseFrom(r._2()));
                List<Tuple2<String, byte[]>> out = new ArrayList<>(entries.size());
                entries.forEach(
                        (k, v) ->
                                out.add(
                                        new Tuple2<>(
                                                new String(k, StandardCharsets.ISO_8859_1),
                                                EvalLayout.encode(v))));
                return out.iterator();
            } catch (com.google.protobuf.InvalidProtocolBufferException
                    | IllegalArgumentException e) {
                rejected.add(1);
                errors.add(r._1() + ": " + e.getMessage());
                return Collections.emptyIterator();
            }
        }
    }
}
