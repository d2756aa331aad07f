package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookMetadata;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.infra.KafkaBroker;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Player;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real KRaft broker (child JVM) holding GameRecords, re-sent duplicates included; real Spark local[2];
 * real RocksDB. Expected counts come from {@link BookBuildJobTest#expected}, a plain loop over the games.
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
        GameRecord.Builder b = GameRecord.newBuilder().setGameId(id).setResult(result)
                .setBlack(Player.newBuilder().setName("b")).setWhite(Player.newBuilder().setName("w"));
        String[] t = usiLine.split(" ");
        for (int i = 3; i < t.length; i++) {
            b.addMoves(MoveRecord.newBuilder().setUsi(t[i]));
        }
        return b.build();
    }

    static void send(List<GameRecord> records) {
        Properties p = new Properties();
        p.put("bootstrap.servers", broker.bootstrapServers());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            for (GameRecord r : records) {
                producer.send(new ProducerRecord<>(TOPIC, r.getGameId(), r.toByteArray()));
            }
            producer.flush();
        }
    }

    static BookBuildJob.Report build(Path out) {
        BuildSettings s = BuildSettings.defaults(out.toString(), List.of("kafka:" + TOPIC))
                .withMaster("local[2]").withMaxPly(BookBuildJobTest.MAX_PLY).withPartitions(3);
        String remembered = "";
        if (BookVersions.current(out) != null) {
            try (RocksBook b = RocksBook.open(out)) {
                remembered = b.metadata().get(BookMetadata.KAFKA_OFFSETS, "");
            }
        }
        KafkaGames.Batch batch = KafkaGames.read(spark, broker.bootstrapServers(), TOPIC, remembered, Map.of(), false);
        return BookBuildJob.run(spark, s, batch.games(), Map.of(BookMetadata.KAFKA_OFFSETS, batch.endOffsetsJson()));
    }

    @Test
    void kafkaBatchesCountEveryGameOnceAndReadOnlyNewOffsets(@TempDir Path tmp) {
        Path out = tmp.resolve("book");
        GameResult[] results = {GameResult.GAME_RESULT_BLACK_WIN, GameResult.GAME_RESULT_WHITE_WIN,
            GameResult.GAME_RESULT_DRAW};
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
        assertThat(BookBuildJobTest.actual(out)).isEqualTo(BookBuildJobTest.expected(lines, winners));
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

    @Test
    void tournamentGamesAreLeftOutUnlessIncluded(@TempDir Path tmp) throws Exception {
        String topic = "joseki.games.tournamenttest";
        try (Admin a = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
            a.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        List<String> lines = BookBuildJobTest.randomGames(9, 3);
        List<GameRecord> records = List.of(
                record("sp-1-a/0", lines.get(0), GameResult.GAME_RESULT_BLACK_WIN).toBuilder().setTournamentId("sp-1-a").build(),
                record("t-1-b/0", lines.get(1), GameResult.GAME_RESULT_DRAW).toBuilder().setTournamentId("t-1-b").build(),
                record("other/0", lines.get(2), GameResult.GAME_RESULT_WHITE_WIN)); // no id: another tool
        Properties p = new Properties();
        p.put("bootstrap.servers", broker.bootstrapServers());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            for (GameRecord r : records) {
                producer.send(new ProducerRecord<>(topic, r.getGameId(), r.toByteArray()));
            }
            producer.flush();
        }
        BuildSettings s = BuildSettings.defaults(tmp.resolve("self").toString(), List.of("kafka:" + topic))
                .withMaster("local[2]").withPartitions(2);
        KafkaGames.Batch selfPlay = KafkaGames.read(spark, broker.bootstrapServers(), topic, "", Map.of(), false);
        assertThat(selfPlay.games().map(GameInput::gameId).collect()).containsExactlyInAnyOrder("sp-1-a/0", "other/0");
        KafkaGames.Batch all = KafkaGames.read(spark, broker.bootstrapServers(), topic, "", Map.of(), true);
        assertThat(all.games().map(GameInput::gameId).collect())
                .containsExactlyInAnyOrder("sp-1-a/0", "t-1-b/0", "other/0");
        BookBuildJob.Report r = BookBuildJob.run(spark, s, selfPlay.games(), Map.of());
        assertThat(r.gamesAdded()).isEqualTo(2);
    }
}
