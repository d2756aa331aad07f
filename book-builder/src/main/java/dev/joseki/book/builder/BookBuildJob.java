package dev.joseki.book.builder;

import static org.apache.spark.sql.functions.col;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.store.BookLock;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.NoSpaceException;
import dev.joseki.book.store.RocksBook;
import dev.joseki.book.store.StageHook;
import dev.joseki.kafka.KafkaSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;

/**
 * The book build (docs/design/book-storage.md):
 *
 * <ol>
 *   <li>read games from the inputs ({@link GameSources}); drop games whose game_id is already in
 *       the previous book or repeated in this batch; read count-only YaneuraOu books on the driver
 *       ({@link DbImports}; a file already imported is skipped);
 *   <li>explode each game and each imported move line into compact rows, weighted by its source
 *       (partition, index ‖ entry key, ply and result for the mover) up to max ply ({@link
 *       ExplodeGames}); the partition is the key range of the index key, with boundaries taken from
 *       a sample of ~{@value #SAMPLE_GAMES} games ({@link KeyRanges}), so no pass over the rows is
 *       needed to find them;
 *   <li>one shuffle straight to those partitions ({@code repartitionById}) and one sort by key;
 *       each executor then aggregates in a single streaming pass (count, wins, draws, losses,
 *       min/max ply per move, all moves of a key packed into one value) and writes sorted SST
 *       files, adding the previous book's values ({@link SstPartitionWriter});
 *   <li>the driver checkpoints the previous version into a new version directory, ingests the SST
 *       files, writes metadata and the new game ids, and publishes the version by swapping the
 *       pointer.
 * </ol>
 *
 * A run that finds no new game publishes nothing, so re-running over the same input changes
 * nothing; nor does a run whose new games were all rejected.
 */
public final class BookBuildJob {
    /** Games exploded on the driver's behalf to choose the key ranges. */
    static final int SAMPLE_GAMES = 2000;

    private BookBuildJob() {}

    /** What the driver needs of a game to deduplicate and filter it. */
    record GameRef(String id, String source, String black, String white, int sourceId)
            implements java.io.Serializable {
        static GameRef of(GameInput g) {
            return new GameRef(g.gameId(), g.source(), g.black(), g.white(), g.sourceId());
        }

        /** Identifies one record of one source. */
        String key() {
            return id + "\n" + source;
        }
    }

    /** What a build did. version is null when nothing new was found and the book was left alone. */
    /**
     * @param duplicates games read whose id was read before or is in the book already (not added)
     * @param identicalGames of the games added, those with the same start and moves as another
     *     added game ({@link dev.joseki.records.DistinctGames}): added and counted, but repeats
     * @param notes what the build left out without rejecting anything: move lines of imported .db
     *     files past the max ply ({@link DbImports.Read#cutNote})
     */
    public record Report(
            long gamesRead,
            long duplicates,
            long rejected,
            long gamesAdded,
            long gamesTotal,
            Map<Index, Long> entries,
            long positions,
            double seconds,
            Path version,
            List<String> errors,
            long importedMoves,
            long identicalGames,
            List<String> notes) {}

    /**
     * The executors of a cluster connect back to the driver at spark.driver.host: its address on
     * the route to the master (loopback for local mode and a master on this machine), unless the
     * JVM's -Dspark.driver.host names another (JOSEKI_JAVA_OPTS).
     */
    public static SparkSession session(String master, int partitions) {
        String driverHost =
                System.getProperty("spark.driver.host", ClusterAddress.towardsMaster(master));
        return SparkSession.builder()
                .appName("joseki-book")
                .master(master)
                .config("spark.driver.host", driverHost)
                .config("spark.driver.bindAddress", driverHost)
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", partitions)
                .config("spark.sql.adaptive.enabled", "false")
                .getOrCreate();
    }

    /**
     * {@code book build --from-kafka}: the committed games added to {@code topic} since the last
     * build; tournament games only with includeTournaments (see {@link KafkaGames}); {@code tasks}
     * is told of Spark's tasks and of the build's phases.
     */
    public static Report runKafka(
            BuildSettings s,
            KafkaSettings kafka,
            String topic,
            boolean includeTournaments,
            SparkTasks.Listener tasks) {
        SparkSession spark = session(s.master(), s.partitions());
        SparkTasks.attach(spark, tasks);
        try {
            return runKafka(spark, s, kafka, topic, includeTournaments, tasks);
        } finally {
            spark.stop();
        }
    }

    public static Report runKafka(
            SparkSession spark,
            BuildSettings s,
            KafkaSettings kafka,
            String topic,
            boolean includeTournaments,
            SparkTasks.Listener tasks) {
        Path out = Paths.get(s.out()).toAbsolutePath();
        Path current = BookVersions.current(out);
        String remembered = "";
        if (current != null) {
            try (RocksBook b = RocksBook.openVersion(current)) {
                remembered = b.metadata().get(BookMetadata.KAFKA_OFFSETS, "");
            }
        }
        int kafkaId =
                s.sources().stream()
                        .filter(k -> k.kind() == BookSource.Kind.KAFKA)
                        .mapToInt(BookSource::id)
                        .findFirst()
                        .orElseThrow(
                                () ->
                                        new IllegalArgumentException(
                                                "the build settings name no Kafka source"));
        KafkaGames.Batch batch =
                KafkaGames.read(spark, kafka, topic, remembered, includeTournaments);
        JavaRDD<GameInput> games =
                batch.games()
                        .map(g -> g.withSourceId(kafkaId))
                        .union(GameSources.records(spark, s));
        return run(
                spark, s, games, Map.of(BookMetadata.KAFKA_OFFSETS, batch.endOffsetsJson()), tasks);
    }

    /** {@code book build --from}: {@code tasks} is told of Spark's tasks and the build's phases. */
    public static Report run(BuildSettings s, SparkTasks.Listener tasks) {
        SparkSession spark = session(s.master(), s.partitions());
        SparkTasks.attach(spark, tasks);
        try {
            return run(spark, s, GameSources.records(spark, s), Map.of(), tasks);
        } finally {
            spark.stop();
        }
    }

    /** Builds from files given in the settings with an existing session (tests, benchmarks). */
    public static Report run(SparkSession spark, BuildSettings s, JavaRDD<GameInput> games) {
        return run(spark, s, games, Map.of(), SparkTasks.Listener.NONE);
    }

    /**
     * Builds from already-read game inputs (files, Kafka) into the book directory; extraMeta (such
     * as the Kafka offsets consumed) is stored with the new version's metadata. Holds the book's
     * {@link BookLock} (which removes what dead builds left); a full disk anywhere, driver or
     * executors, is a {@link NoSpaceException} naming the book, with nothing left behind.
     */
    public static Report run(
            SparkSession spark,
            BuildSettings s,
            JavaRDD<GameInput> games,
            Map<String, String> extraMeta,
            SparkTasks.Listener tasks) {
        Path out = Paths.get(s.out()).toAbsolutePath();
        try {
            return BookLock.holding(out, () -> build(spark, s, games, extraMeta, out, tasks));
        } catch (Exception e) { // Spark's task failures are checked SparkExceptions
            if (NoSpaceException.isNoSpace(e)) {
                throw new NoSpaceException(out, e); // naming the book, not a deleted staging file
            }
            throw e;
        }
    }

    private static Report build(
            SparkSession spark,
            BuildSettings s,
            JavaRDD<GameInput> games,
            Map<String, String> extraMeta,
            Path out,
            SparkTasks.Listener tasks) {
        long t0 = System.nanoTime();
        Path previous = BookVersions.current(out);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());

        // 1. dedupe against the previous book and within the batch; player filter; new .db files
        NewInputs in = NewInputs.select(games, previous, s);
        Broadcast<Set<String>> kept = jsc.broadcast(in.keep());
        JavaRDD<GameInput> picked = games.filter(g -> kept.value().contains(GameRef.of(g).key()));
        if (picked.getNumPartitions() < jsc.defaultParallelism()) {
            picked =
                    picked.repartition(
                            jsc.defaultParallelism()); // e.g. one big file is one partition
        }
        // cached serialized (cheap, see GameInput): the sample and the explode both read them
        JavaRDD<GameInput> fresh = picked.persist(StorageLevel.MEMORY_AND_DISK_SER());
        progress(
                tasks,
                t0,
                "read "
                        + in.read()
                        + " games, "
                        + in.newIds().size()
                        + " new; "
                        + in.dbMoves().size()
                        + " imported move lines from "
                        + in.imports().size()
                        + " new .db files");
        if (in.nothingNew()) {
            fresh.unpersist(true); // blocking: the session may stop next (see TrainingExportJob)
            return unchanged(in, 0, List.of(), 0, t0);
        }

        // Games added that repeat another's moves (ids differ: e.g. replayed seeds): counted, but
        // reported.
        long identical = fresh.count() - fresh.map(GameInput::movesKey).distinct().count();

        // 2. and 3. explode, shuffle to the key ranges, sort
        LongAccumulator rejected = spark.sparkContext().longAccumulator("rejected");
        CollectionAccumulator<String> errors = spark.sparkContext().collectionAccumulator("errors");
        LongAccumulator[] accepted = Accumulators.of(spark, "games.", s.sources().size());
        Dataset<Row> sorted = sortedRows(spark, s, in, fresh, rejected, errors, accepted);

        // 4. SST files from the executors
        Path staging = BookVersions.newStaging(out);
        LongAccumulator[] newEntries = new LongAccumulator[Index.values().length];
        for (Index i : Index.values()) {
            newEntries[i.ordinal()] =
                    spark.sparkContext().longAccumulator("entries." + i.columnFamily());
        }
        LongAccumulator newPositions = spark.sparkContext().longAccumulator("positions");
        LongAccumulator[] sourceCounts = Accumulators.of(spark, "count.", s.sources().size());
        LongAccumulator[] sourceEntries = Accumulators.of(spark, "entries.", s.sources().size());
        CollectionAccumulator<CountOverflow> overflows =
                spark.sparkContext().collectionAccumulator("count overflows");
        try {
            sorted.foreachPartition(
                    new SstPartitionWriter(
                            staging.toString(),
                            previous == null ? null : previous.toString(),
                            newEntries,
                            newPositions,
                            sourceCounts,
                            sourceEntries,
                            overflows));
            if (!overflows.value().isEmpty()) {
                throw new IllegalArgumentException(
                        CountOverflow.message(overflows.value(), s.sources()));
            }
            fresh.unpersist(true);
            progress(tasks, t0, "SST files written");
            StageHook.reached("sst-written");

            // 5. ingest into a new version, metadata, publish; unless every new game was rejected,
            // which publishes nothing (a new version identical to the previous one would only hide
            // the failure)
            long added = in.newIds().size() - rejected.value();
            if (added == 0 && in.dbMoves().isEmpty()) {
                return unchanged(in, rejected.value(), List.copyOf(errors.value()), identical, t0);
            }
            BookMetadata prevMeta = in.previous();
            Path version = BookVersions.newVersion(out);
            Map<Index, Long> entries = new LinkedHashMap<>();
            long positions = prevMeta.getLong(BookMetadata.POSITIONS, 0) + newPositions.value();
            long total = prevMeta.getLong(BookMetadata.GAMES, 0) + added;
            double seconds;
            try {
                // the store is closed (flushed to SST files) before the pointer names it: game ids
                // only in the write-ahead log would be lost by the next build's checkpoint
                try (BookStore store = BookStore.create(version, previous)) {
                    for (Index i : Index.values()) {
                        store.ingest(i, sstFiles(staging.resolve(i.columnFamily())));
                        entries.put(i, prevMeta.entries(i) + newEntries[i.ordinal()].value());
                    }
                    if (previous != null) {
                        store.compact(); // the new files overlap the previous version's
                        progress(tasks, t0, "compacted");
                    }
                    progress(tasks, t0, "ingested");
                    StageHook.reached("ingested");
                    seconds = (System.nanoTime() - t0) / 1e9;
                    Map<String, String> meta =
                            metadata(s, prevMeta, total, positions, entries, seconds);
                    meta.put(
                            BookMetadata.SOURCES,
                            SourceShares.merge(
                                    prevMeta.get(BookMetadata.SOURCES, "{}"),
                                    s.sources(),
                                    Accumulators.values(accepted),
                                    in.imports(),
                                    Accumulators.values(sourceCounts),
                                    Accumulators.values(sourceEntries)));
                    meta.putAll(extraMeta);
                    store.putMetadata(meta);
                    store.putGames(in.countedIds());
                    StageHook.reached("written");
                }
                StageHook.reached("closed");
            } catch (RuntimeException e) {
                BookVersions.discard(version, e);
                throw e;
            }
            BookVersions.publish(out, version);
            return new Report(
                    in.read(),
                    in.duplicates(),
                    rejected.value(),
                    added,
                    total,
                    entries,
                    positions,
                    seconds,
                    version,
                    List.copyOf(errors.value()),
                    in.dbMoves().size(),
                    identical,
                    in.notes());
        } finally {
            try {
                BookVersions.deleteTree(staging);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Steps 2 and 3: explodes the new games and imported move lines into rows, each tagged with its
     * key range, the ranges' boundaries taken from a sample of about {@value #SAMPLE_GAMES} games;
     * then one shuffle to the key ranges and one sort by key. The aggregation happens while the SST
     * files are written.
     */
    private static Dataset<Row> sortedRows(
            SparkSession spark,
            BuildSettings s,
            NewInputs in,
            JavaRDD<GameInput> fresh,
            LongAccumulator rejected,
            CollectionAccumulator<String> errors,
            LongAccumulator[] accepted) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        int[] weights = s.weights();
        List<DbImports.DbMove> dbMoves = in.dbMoves();
        // ~10,000 lines (~1 MB) per slice: parallelize ships each slice inside its task
        JavaRDD<DbImports.DbMove> lines =
                jsc.parallelize(
                        dbMoves, Math.max(jsc.defaultParallelism(), dbMoves.size() / 10_000 + 1));
        double fraction = Math.min(1.0, SAMPLE_GAMES / (double) Math.max(1, in.newIds().size()));
        // about as many move lines as the sampled games have moves
        double lineFraction = Math.min(1.0, 40.0 * SAMPLE_GAMES / Math.max(1, dbMoves.size()));
        List<byte[]> sample =
                fresh.sample(false, fraction, 1)
                        .flatMap(
                                new ExplodeGames(
                                        s.maxPly(),
                                        s.winnersOnly(),
                                        s.countRandomPlies(),
                                        weights,
                                        KeyRanges.SINGLE,
                                        null,
                                        null,
                                        null))
                        .union(
                                lines.sample(false, lineFraction, 1)
                                        .flatMap(new DbImports.Explode(weights, KeyRanges.SINGLE)))
                        .map(
                                r -> {
                                    byte[] k = new byte[ExplodeGames.KEY_BYTES];
                                    return java.util.Arrays.copyOf(
                                            k, ExplodeGames.key(r, k) - 2); // the group key
                                })
                        .collect();
        KeyRanges ranges = KeyRanges.of(sample, s.partitions());
        JavaRDD<Row> rows =
                fresh.flatMap(
                                new ExplodeGames(
                                        s.maxPly(),
                                        s.winnersOnly(),
                                        s.countRandomPlies(),
                                        weights,
                                        ranges,
                                        rejected,
                                        errors,
                                        accepted))
                        .union(lines.flatMap(new DbImports.Explode(weights, ranges)));
        return spark.createDataFrame(rows, ExplodeGames.SCHEMA)
                .repartitionById(ranges.partitions(), col("pid"))
                .sortWithinPartitions(
                        java.util.Arrays.stream(ExplodeGames.KEY_COLUMNS)
                                .map(org.apache.spark.sql.functions::col)
                                .toArray(org.apache.spark.sql.Column[]::new));
    }

    /** The report of a build that published nothing: the book's figures stay the previous ones. */
    private static Report unchanged(
            NewInputs in, long rejected, List<String> errors, long identical, long t0) {
        BookMetadata prev = in.previous();
        return new Report(
                in.read(),
                in.duplicates(),
                rejected,
                0,
                prev.getLong(BookMetadata.GAMES, 0),
                entriesOf(prev),
                prev.getLong(BookMetadata.POSITIONS, 0),
                (System.nanoTime() - t0) / 1e9,
                null,
                errors,
                0,
                identical,
                in.notes());
    }

    /** The new version's metadata, but for its sources' shares and the caller's extra entries. */
    private static Map<String, String> metadata(
            BuildSettings s,
            BookMetadata prevMeta,
            long total,
            long positions,
            Map<Index, Long> entries,
            double seconds) {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put(BookMetadata.GAMES, Long.toString(total));
        meta.put(BookMetadata.POSITIONS, Long.toString(positions));
        entries.forEach(
                (i, n) ->
                        meta.put(BookMetadata.ENTRIES_PREFIX + i.columnFamily(), Long.toString(n)));
        meta.put(
                BookMetadata.MAX_PLY,
                Integer.toString(
                        Math.max(s.maxPly(), (int) prevMeta.getLong(BookMetadata.MAX_PLY, 0))));
        meta.put(BookMetadata.MIN_COUNT, Long.toString(s.minCount()));
        meta.put(BookMetadata.BUILT_AT, Instant.now().toString());
        meta.put(BookMetadata.BUILD_SECONDS, String.format(java.util.Locale.ROOT, "%.1f", seconds));
        meta.put(BookMetadata.SETTINGS, s.toJson());
        return meta;
    }

    private static void progress(SparkTasks.Listener tasks, long t0, String what) {
        tasks.phase(String.format("book build: %.1f s %s", (System.nanoTime() - t0) / 1e9, what));
    }

    private static Map<Index, Long> entriesOf(BookMetadata m) {
        Map<Index, Long> e = new LinkedHashMap<>();
        for (Index i : Index.values()) {
            e.put(i, m.entries(i));
        }
        return e;
    }

    private static List<Path> sstFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.filter(p -> p.toString().endsWith(".sst")).sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
