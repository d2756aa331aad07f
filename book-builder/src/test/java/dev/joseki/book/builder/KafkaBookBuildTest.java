package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoverView;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Player;
import dev.joseki.rules.Position;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real KRaft broker (child JVM) holding GameRecords, re-sent duplicates included, and games of
 * aborted and open transactions; real Spark local[2]; real RocksDB; the build is {@code book build
 * --from-kafka}'s {@link BookBuildJob#runKafka}. Expected counts come from {@link
 * BookBuildJobTest#expected}, a plain loop over the games, or are counted by hand (transactions).
 */
class KafkaBookBuildTest {
    static KafkaBroker broker;
    static SparkSession spark;
    static final String TOPIC = "joseki.games.booktest";

    @BeforeAll
    static void start() throws Exception {
        broker = KafkaBroker.temporary(Map.of());
        broker.start();
        try (Admin a = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
            a.createTopics(List.of(new NewTopic(TOPIC, 2, (short) 1))).all().get();
        }
        spark = BookBuildJob.session("local[2]", 4);
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
        if (broker != null) {
            broker.close();
        }
    }

    static GameRecord record(String id, String usiLine, GameResult result) {
        GameRecord.Builder b =
                GameRecord.newBuilder()
                        .setGameId(id)
                        .setResult(result)
                        .setBlack(Player.newBuilder().setName("b"))
                        .setWhite(Player.newBuilder().setName("w"));
        String[] t = usiLine.split(" ");
        for (int i = 3; i < t.length; i++) {
            b.addMoves(MoveRecord.newBuilder().setUsi(t[i]));
        }
        return b.build();
    }

    static void send(List<GameRecord> records) {
        Properties p = new Properties();
        p.put("bootstrap.servers", broker.bootstrapServers());
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            for (GameRecord r : records) {
                producer.send(new ProducerRecord<>(TOPIC, r.getGameId(), r.toByteArray()));
            }
            producer.flush();
        }
    }

    /** What {@code book build --from-kafka} runs, with the test's Spark session. */
    static BookBuildJob.Report build(Path out, String topic) {
        BuildSettings s =
                BuildSettings.defaults(out.toString(), List.of())
                        .withSources(List.of(BookSource.kafka(0, topic, 1)))
                        .withMaster("local[2]")
                        .withMaxPly(BookBuildJobTest.MAX_PLY)
                        .withPartitions(3);
        return BookBuildJob.runKafka(
                spark,
                s,
                KafkaSettings.of(broker.bootstrapServers()),
                topic,
                false,
                SparkTasks.Listener.NONE);
    }

    static BookBuildJob.Report build(Path out) {
        return build(out, TOPIC);
    }

    @Test
    void kafkaBatchesCountEveryGameOnceAndReadOnlyNewOffsets(@TempDir Path tmp) {
        Path out = tmp.resolve("book");
        GameResult[] results = {
            GameResult.GAME_RESULT_BLACK_WIN,
            GameResult.GAME_RESULT_WHITE_WIN,
            GameResult.GAME_RESULT_DRAW
        };
        List<String> lines = BookBuildJobTest.randomGames(7, 30);
        Map<String, Integer> winners = new LinkedHashMap<>();
        List<GameRecord> first = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            first.add(record("task-a/" + i, lines.get(i), results[i % 3]));
            winners.put(lines.get(i), i % 3 == 0 ? 0 : i % 3 == 1 ? 1 : 2);
        }
        List<GameRecord> sent = new ArrayList<>(first);
        sent.addAll(first.subList(0, 6)); // re-sent duplicates (same game_id)
        send(sent);

        // 1. first batch
        BookBuildJob.Report r1 = build(out);
        assertThat(r1.gamesRead()).isEqualTo(36);
        assertThat(r1.gamesAdded()).isEqualTo(30);
        assertThat(BookBuildJobTest.actual(out))
                .isEqualTo(BookBuildJobTest.expected(lines, winners));
        try (RocksBook b = RocksBook.open(out)) {
            assertThat(b.metadata().get(BookMetadata.KAFKA_OFFSETS, "")).contains(TOPIC);
        }

        // 2. same offsets again: nothing read, nothing changes
        Path v1 = BookVersions.current(out);
        BookBuildJob.Report again = build(out);
        assertThat(again.gamesRead()).isZero();
        assertThat(BookVersions.current(out)).isEqualTo(v1);

        // 3. more games, plus a re-sent old one
        List<String> more = BookBuildJobTest.randomGames(8, 10);
        List<GameRecord> second = new ArrayList<>();
        for (int i = 0; i < more.size(); i++) {
            second.add(record("task-b/" + i, more.get(i), GameResult.GAME_RESULT_BLACK_WIN));
            winners.put(more.get(i), 0);
        }
        List<GameRecord> sent2 = new ArrayList<>(second);
        sent2.add(first.get(3));
        send(sent2);
        BookBuildJob.Report r2 = build(out);
        assertThat(r2.gamesRead()).isEqualTo(11); // only records after the remembered offsets
        assertThat(r2.gamesAdded()).isEqualTo(10);
        List<String> all = new ArrayList<>(lines);
        all.addAll(more);
        assertThat(BookBuildJobTest.actual(out)).isEqualTo(BookBuildJobTest.expected(all, winners));
        try (RocksBook b = RocksBook.open(out)) {
            assertThat(b.metadata().getLong("games", -1)).isEqualTo(40);
        }
    }

    // ---- transactions: only committed games reach the book ----

    /**
     * A self-play game id: task {@code RUN-PAIR} (SelfPlayRun), game INDEX of the task
     * (GameRecords).
     */
    static String selfPlayGameId(int pair, int index) {
        return GameRecords.gameId("sp-1767225600-a1b2c3-" + pair, index);
    }

    static void createTopic(String topic) throws Exception {
        try (Admin a = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
            a.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
    }

    /**
     * A transactional producer as a worker slot has one; the long time-out keeps an open
     * transaction open.
     */
    static KafkaProducer<String, byte[]> transactional(String id) {
        Properties p = KafkaSettings.of(broker.bootstrapServers()).producer(id);
        p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, "600000");
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p);
        producer.initTransactions();
        return producer;
    }

    static void sendInTransaction(
            KafkaProducer<String, byte[]> producer, String topic, GameRecord... games)
            throws Exception {
        producer.beginTransaction();
        for (GameRecord g : games) {
            producer.send(new ProducerRecord<>(topic, g.getGameId(), g.toByteArray())).get();
        }
    }

    static List<Long> entry(Path book, String usiMovesBefore, String move) {
        Position p = Sfen.startPosition();
        for (String m : usiMovesBefore.split(" ")) {
            if (!m.isEmpty()) {
                p.doMove(UsiMove.parse(p, m));
            }
        }
        String key =
                HexFormat.of()
                        .formatHex(
                                BookLayout.entryKey(
                                        FullKey.of(p),
                                        MoverView.toMover(p, UsiMove.parse(p, move))));
        return BookBuildJobTest.actual(book).get(Index.FULL).get(key);
    }

    static final String C0 = "position startpos moves 7g7f 3c3d";
    static final String C1 = "position startpos moves 7g7f 8c8d";
    static final String C2 = "position startpos moves 2g2f 8c8d";
    static final String UNDECIDED = "position startpos moves 5g5f 5c5d"; // aborted or left open
    static final String LATE =
            "position startpos moves 2g2f 3c3d"; // committed behind the open transaction

    /**
     * The three committed games counted by hand, FULL index, [count, wins, draws, losses] for the
     * mover: startpos 7g7f: C0 (Black won) and C1 (White won) = [2,1,0,1]; startpos 2g2f: C2 (draw)
     * = [1,0,1,0]; after 7g7f, 3c3d (White moves, lost) = [1,0,0,1]; after 7g7f, 8c8d (White moves,
     * won) = [1,1,0,0]; after 2g2f, 8c8d = [1,0,1,0]. Five entries, none for 5g5f.
     */
    static void assertCommittedGamesOnly(Path book) {
        assertThat(BookBuildJobTest.actual(book).get(Index.FULL)).hasSize(5);
        assertThat(entry(book, "", "7g7f")).containsExactly(2L, 1L, 0L, 1L);
        assertThat(entry(book, "", "2g2f")).containsExactly(1L, 0L, 1L, 0L);
        assertThat(entry(book, "7g7f", "3c3d")).containsExactly(1L, 0L, 0L, 1L);
        assertThat(entry(book, "7g7f", "8c8d")).containsExactly(1L, 1L, 0L, 0L);
        assertThat(entry(book, "2g2f", "8c8d")).containsExactly(1L, 0L, 1L, 0L);
        assertThat(entry(book, "", "5g5f")).isNull();
    }

    static GameRecord[] committedGames() {
        return new GameRecord[] {
            record(selfPlayGameId(0, 0), C0, GameResult.GAME_RESULT_BLACK_WIN),
            record(selfPlayGameId(0, 1), C1, GameResult.GAME_RESULT_WHITE_WIN),
            record(selfPlayGameId(1, 0), C2, GameResult.GAME_RESULT_DRAW)
        };
    }

    @Test
    void aGameOfAnAbortedTransactionIsNotCountedAndTheCommittedGamesAre(@TempDir Path tmp)
            throws Exception {
        String topic = "joseki.games.aborted";
        createTopic(topic);
        try (KafkaProducer<String, byte[]> p = transactional("test-aborted")) {
            sendInTransaction(p, topic, committedGames());
            p.commitTransaction();
            sendInTransaction(
                    p,
                    topic,
                    record(selfPlayGameId(2, 0), UNDECIDED, GameResult.GAME_RESULT_BLACK_WIN));
            p.abortTransaction();
        }
        Path out = tmp.resolve("book");
        BookBuildJob.Report r = build(out, topic);
        assertThat(r.gamesRead()).isEqualTo(3);
        assertThat(r.gamesAdded()).isEqualTo(3);
        assertThat(r.rejected()).isZero();
        assertCommittedGamesOnly(out);
    }

    @Test
    void aGameOfAnOpenTransactionNeitherHoldsUpTheBuildNorIsCountedUntilItIsDecided(
            @TempDir Path tmp) throws Exception {
        String topic = "joseki.games.open";
        createTopic(topic);
        Path out = tmp.resolve("book");
        try (KafkaProducer<String, byte[]> worker = transactional("test-committed");
                KafkaProducer<String, byte[]> stuck = transactional("test-open")) {
            sendInTransaction(worker, topic, committedGames());
            worker.commitTransaction();
            sendInTransaction(
                    stuck,
                    topic,
                    record(selfPlayGameId(2, 0), UNDECIDED, GameResult.GAME_RESULT_BLACK_WIN));
            // committed, but behind the open transaction's first record: past the last stable
            // offset
            sendInTransaction(
                    worker,
                    topic,
                    record(selfPlayGameId(3, 0), LATE, GameResult.GAME_RESULT_BLACK_WIN));
            worker.commitTransaction();

            BookBuildJob.Report r =
                    assertTimeoutPreemptively(Duration.ofSeconds(120), () -> build(out, topic));
            assertThat(r.gamesAdded()).isEqualTo(3);
            assertCommittedGamesOnly(out);

            stuck.abortTransaction();
        }
        // decided (aborted): the next build reads on from the remembered offset and adds only LATE
        BookBuildJob.Report r2 = build(out, topic);
        assertThat(r2.gamesAdded()).isEqualTo(1);
        // LATE (Black won): startpos 2g2f now [2,1,1,0]; after 2g2f, 3c3d (White moves, lost)
        // [1,0,0,1]
        assertThat(entry(out, "", "2g2f")).containsExactly(2L, 1L, 1L, 0L);
        assertThat(entry(out, "2g2f", "3c3d")).containsExactly(1L, 0L, 0L, 1L);
        assertThat(entry(out, "", "5g5f")).isNull();
        assertThat(BookBuildJobTest.actual(out).get(Index.FULL)).hasSize(6);
    }

    // ---- random opening plies and repeated games ----

    static GameRecord withRandomPlies(String id, String moves, int randomPlies) {
        GameRecord.Builder b =
                GameRecord.newBuilder()
                        .setGameId(id)
                        .setResult(GameResult.GAME_RESULT_BLACK_WIN)
                        .setBlack(Player.newBuilder().setName("b"))
                        .setWhite(Player.newBuilder().setName("w"))
                        .setOpeningPlies(randomPlies);
        String[] t = moves.split(" ");
        for (int i = 0; i < t.length; i++) {
            b.addMoves(
                    MoveRecord.newBuilder()
                            .setUsi(t[i])
                            .setBookSource(
                                    i < randomPlies
                                            ? dev.joseki.records.proto.BookSource
                                                    .BOOK_SOURCE_RANDOM_OPENING
                                            : dev.joseki.records.proto.BookSource
                                                    .BOOK_SOURCE_NONE));
        }
        return b.build();
    }

    @Test
    void randomOpeningPliesAreNoBookMovesUnlessCountedAndRepeatedGamesAreReported(@TempDir Path tmp)
            throws Exception {
        String topic = "joseki.games.random";
        createTopic(topic);
        // Two games with the same moves under different ids (a repeat), one other; the first two
        // plies random.
        List<GameRecord> games =
                List.of(
                        withRandomPlies("sp-r-0/0", "7g7f 3c3d 2g2f 8c8d", 2),
                        withRandomPlies("sp-r-1/0", "7g7f 3c3d 2g2f 8c8d", 2),
                        withRandomPlies("sp-r-2/0", "2g2f 8c8d 7g7f", 2));
        Properties p = new Properties();
        p.put("bootstrap.servers", broker.bootstrapServers());
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            for (GameRecord r : games) {
                producer.send(new ProducerRecord<>(topic, r.getGameId(), r.toByteArray()));
            }
            producer.flush();
        }
        Path book = tmp.resolve("book");
        BookBuildJob.Report r = build(book, topic);
        assertThat(r.gamesAdded()).isEqualTo(3);
        assertThat(r.duplicates()).isZero();
        assertThat(r.identicalGames()).isEqualTo(1);
        // the random plies made no entries; the moves after them did (both repeats counted)
        assertThat(entry(book, "", "7g7f")).isNull();
        assertThat(entry(book, "7g7f", "3c3d")).isNull();
        assertThat(entry(book, "", "2g2f")).isNull();
        assertThat(entry(book, "7g7f 3c3d", "2g2f")).isNotNull();
        assertThat(entry(book, "7g7f 3c3d 2g2f", "8c8d")).isNotNull();
        assertThat(entry(book, "2g2f 8c8d", "7g7f")).isNotNull();

        // --count-random-plies: they count
        Path counted = tmp.resolve("counted");
        BuildSettings s =
                BuildSettings.defaults(counted.toString(), List.of())
                        .withSources(List.of(BookSource.kafka(0, topic, 1)))
                        .withMaster("local[2]")
                        .withMaxPly(BookBuildJobTest.MAX_PLY)
                        .withPartitions(3)
                        .withCountRandomPlies(true);
        BookBuildJob.runKafka(
                spark,
                s,
                KafkaSettings.of(broker.bootstrapServers()),
                topic,
                false,
                SparkTasks.Listener.NONE);
        assertThat(entry(counted, "", "7g7f")).isNotNull();
        assertThat(entry(counted, "", "2g2f")).isNotNull();
        assertThat(entry(counted, "7g7f", "3c3d")).isNotNull();
    }

    @Test
    void tournamentGamesAreLeftOutUnlessIncluded(@TempDir Path tmp) throws Exception {
        String topic = "joseki.games.tournamenttest";
        try (Admin a = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
            a.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        List<String> lines = BookBuildJobTest.randomGames(9, 3);
        List<GameRecord> records =
                List.of(
                        record("sp-1-a/0", lines.get(0), GameResult.GAME_RESULT_BLACK_WIN)
                                .toBuilder()
                                .setTournamentId("sp-1-a")
                                .build(),
                        record("t-1-b/0", lines.get(1), GameResult.GAME_RESULT_DRAW).toBuilder()
                                .setTournamentId("t-1-b")
                                .build(),
                        record(
                                "other/0",
                                lines.get(2),
                                GameResult.GAME_RESULT_WHITE_WIN)); // no id: another tool
        Properties p = new Properties();
        p.put("bootstrap.servers", broker.bootstrapServers());
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            for (GameRecord r : records) {
                producer.send(new ProducerRecord<>(topic, r.getGameId(), r.toByteArray()));
            }
            producer.flush();
        }
        BuildSettings s =
                BuildSettings.defaults(tmp.resolve("self").toString(), List.of())
                        .withSources(List.of(BookSource.kafka(0, topic, 1)))
                        .withMaster("local[2]")
                        .withPartitions(2);
        KafkaGames.Batch selfPlay =
                KafkaGames.read(
                        spark, KafkaSettings.of(broker.bootstrapServers()), topic, "", false);
        assertThat(selfPlay.games().map(GameInput::gameId).collect())
                .containsExactlyInAnyOrder("sp-1-a/0", "other/0");
        KafkaGames.Batch all =
                KafkaGames.read(
                        spark, KafkaSettings.of(broker.bootstrapServers()), topic, "", true);
        assertThat(all.games().map(GameInput::gameId).collect())
                .containsExactlyInAnyOrder("sp-1-a/0", "t-1-b/0", "other/0");
        BookBuildJob.Report r =
                BookBuildJob.run(spark, s, selfPlay.games(), Map.of(), SparkTasks.Listener.NONE);
        assertThat(r.gamesAdded()).isEqualTo(2);
    }
}
