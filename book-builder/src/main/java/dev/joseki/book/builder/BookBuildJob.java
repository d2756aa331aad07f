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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
     * build; tournament games only with includeTournaments (see {@link KafkaGames}).
     */
    public static Report runKafka(
            BuildSettings s, KafkaSettings kafka, String topic, boolean includeTournaments) {
        SparkSession spark = session(s.master(), s.partitions());
        try {
            return runKafka(spark, s, kafka, topic, includeTournaments);
        } finally {
            spark.stop();
        }
    }

    /**
     * As {@link #runKafka(BuildSettings, KafkaSettings, String, boolean)} with an existing session
     * (tests).
     */
    public static Report runKafka(
            SparkSession spark,
            BuildSettings s,
            KafkaSettings kafka,
            String topic,
            boolean includeTournaments) {
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
        return run(spark, s, games, Map.of(BookMetadata.KAFKA_OFFSETS, batch.endOffsetsJson()));
    }

    public static Report run(BuildSettings s) {
        SparkSession spark = session(s.master(), s.partitions());
        try {
            return run(spark, s, GameSources.records(spark, s), Map.of());
        } finally {
            spark.stop();
        }
    }

    /** Builds from files given in the settings with an existing session (tests, benchmarks). */
    public static Report run(SparkSession spark, BuildSettings s, JavaRDD<GameInput> games) {
        return run(spark, s, games, Map.of());
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
            Map<String, String> extraMeta) {
        Path out = Paths.get(s.out()).toAbsolutePath();
        try {
            return BookLock.holding(out, () -> build(spark, s, games, extraMeta, out));
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
            Path out) {
        long t0 = System.nanoTime();
        Path previous = BookVersions.current(out);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());

        // 1. dedupe against the previous book and within the batch; player filter
        Set<String> known = new HashSet<>();
        BookMetadata prevMeta = new BookMetadata(Map.of());
        if (previous != null) {
            try (RocksBook b = RocksBook.openVersion(previous)) {
                b.forEachGame(known::add);
                prevMeta = b.metadata();
            }
        }
        // Dedupe on the driver from (id, source, players) only: no shuffle of whole games and no
        // hash map of game objects (whose size Spark keeps estimating). The first source in sort
        // order wins.
        Set<String> players = s.players();
        List<GameRef> refs = games.map(GameRef::of).collect();
        long read = refs.size();
        Map<String, GameRef> chosen = new HashMap<>();
        for (GameRef r : refs) {
            if (!known.contains(r.id())) {
                chosen.merge(r.id(), r, (x, y) -> x.source().compareTo(y.source()) <= 0 ? x : y);
            }
        }
        Set<String> keep = new HashSet<>();
        List<String> newIds = new ArrayList<>();
        for (GameRef r : chosen.values()) {
            if (players.isEmpty() || players.contains(r.black()) || players.contains(r.white())) {
                keep.add(r.key());
                newIds.add(r.id());
            }
        }
        // count-only books: read and checked on the driver; a file already in the book (same bytes)
        // is skipped
        List<DbImports.Read> imports = new ArrayList<>();
        for (DbImports.Read r : DbImports.read(s)) {
            if (!known.contains(r.id()) && imports.stream().noneMatch(x -> x.id().equals(r.id()))) {
                imports.add(r);
            }
        }
        List<DbImports.DbMove> dbMoves = imports.stream().flatMap(r -> r.moves().stream()).toList();
        List<String> notes = imports.stream().flatMap(r -> r.cutNote().stream()).toList();
        Broadcast<Set<String>> kept = jsc.broadcast(keep);
        JavaRDD<GameInput> picked = games.filter(g -> kept.value().contains(GameRef.of(g).key()));
        if (picked.getNumPartitions() < jsc.defaultParallelism()) {
            picked =
                    picked.repartition(
                            jsc.defaultParallelism()); // e.g. one big file is one partition
        }
        // cached serialized (cheap, see GameInput): the sample and the explode both read them
        JavaRDD<GameInput> fresh = picked.persist(StorageLevel.MEMORY_AND_DISK_SER());
        progress(
                t0,
                "read "
                        + read
                        + " games, "
                        + newIds.size()
                        + " new; "
                        + dbMoves.size()
                        + " imported move lines from "
                        + imports.size()
                        + " new .db files");
        long duplicates = read - newIds.size();

        if (newIds.isEmpty() && imports.isEmpty()) {
            fresh.unpersist();
            return new Report(
                    read,
                    duplicates,
                    0,
                    0,
                    prevMeta.getLong(BookMetadata.GAMES, 0),
                    BuildMetadata.entriesOf(prevMeta),
                    prevMeta.getLong(BookMetadata.POSITIONS, 0),
                    (System.nanoTime() - t0) / 1e9,
                    null,
                    List.of(),
                    0,
                    0,
                    notes);
        }

        // Games added that repeat another's moves (ids differ: e.g. replayed seeds): counted, but
        // reported.
        long identical = fresh.count() - fresh.map(GameInput::movesKey).distinct().count();

        // 2. explode: key ranges from a sample of the games, then all rows
        LongAccumulator rejected = spark.sparkContext().longAccumulator("rejected");
        CollectionAccumulator<String> errors = spark.sparkContext().collectionAccumulator("errors");
        int[] weights = s.weights();
        LongAccumulator[] accepted = Accumulators.of(spark, "games.", s.sources().size());
        // ~10,000 lines (~1 MB) per slice: parallelize ships each slice inside its task
        JavaRDD<DbImports.DbMove> lines =
                jsc.parallelize(
                        dbMoves, Math.max(jsc.defaultParallelism(), dbMoves.size() / 10_000 + 1));
        double fraction = Math.min(1.0, SAMPLE_GAMES / (double) Math.max(1, newIds.size()));
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

        // 3. one shuffle to the key ranges, one sort; aggregation happens while writing the SST
        // files
        Dataset<Row> sorted =
                spark.createDataFrame(rows, ExplodeGames.SCHEMA)
                        .repartitionById(ranges.partitions(), col("pid"))
                        .sortWithinPartitions(
                                java.util.Arrays.stream(ExplodeGames.KEY_COLUMNS)
                                        .map(org.apache.spark.sql.functions::col)
                                        .toArray(org.apache.spark.sql.Column[]::new));

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
        try {
            sorted.foreachPartition(
                    new SstPartitionWriter(
                            staging.toString(),
                            previous == null ? null : previous.toString(),
                            newEntries,
                            newPositions,
                            sourceCounts,
                            sourceEntries));
            fresh.unpersist();
            progress(t0, "SST files written");
            StageHook.reached("sst-written");

            // 5. ingest into a new version, metadata, publish; unless every new game was rejected,
            // which
            // publishes nothing (a new version identical to the previous one would only hide the
            // failure)
            long added = newIds.size() - rejected.value();
            if (added == 0 && dbMoves.isEmpty()) {
                return new Report(
                        read,
                        duplicates,
                        rejected.value(),
                        0,
                        prevMeta.getLong(BookMetadata.GAMES, 0),
                        BuildMetadata.entriesOf(prevMeta),
                        prevMeta.getLong(BookMetadata.POSITIONS, 0),
                        (System.nanoTime() - t0) / 1e9,
                        null,
                        List.copyOf(errors.value()),
                        0,
                        identical,
                        notes);
            }
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
                        progress(t0, "compacted");
                    }
                    progress(t0, "ingested");
                    StageHook.reached("ingested");
                    seconds = (System.nanoTime() - t0) / 1e9;
                    store.putMetadata(
                            BuildMetadata.of(
                                    s,
                                    prevMeta,
                                    total,
                                    positions,
                                    entries,
                                    seconds,
                                    extraMeta,
                                    SourceShares.merge(
                                            prevMeta.get(BookMetadata.SOURCES, "{}"),
                                            s.sources(),
                                            Accumulators.values(accepted),
                                            imports,
                                            Accumulators.values(sourceCounts),
                                            Accumulators.values(sourceEntries))));
                    List<String> counted = new ArrayList<>(newIds);
                    imports.forEach(r -> counted.add(r.id()));
                    store.putGames(counted);
                    StageHook.reached("written");
                }
                StageHook.reached("closed");
            } catch (RuntimeException e) {
                BookVersions.discard(version, e);
                throw e;
            }
            BookVersions.publish(out, version);
            return new Report(
                    read,
                    duplicates,
                    rejected.value(),
                    added,
                    total,
                    entries,
                    positions,
                    seconds,
                    version,
                    List.copyOf(errors.value()),
                    dbMoves.size(),
                    identical,
                    notes);
        } finally {
            try {
                BookVersions.deleteTree(staging);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static void progress(long t0, String what) {
        System.err.printf("book build: %.1f s %s%n", (System.nanoTime() - t0) / 1e9, what);
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
