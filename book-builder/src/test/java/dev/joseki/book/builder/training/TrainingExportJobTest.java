package dev.joseki.book.builder.training;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import dev.joseki.book.FullKey;
import dev.joseki.book.builder.BookBuildJob;
import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.notation.PackedSfenReader;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.TrainingPosition;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
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
 * A real KRaft broker holding TrainingPositions of three games that share positions, a position in
 * check, a mate score, a decided score, a game without result and a record that is not a
 * TrainingPosition; real Spark local[2]. The files read back with the codec must hold exactly the
 * positions a plain loop over the records keeps (deduplicated by key, smallest id; no mate, no
 * check, |score| within 3000, a result), split as the fraction says, and a second run with the same
 * seed must write the same bytes.
 */
class TrainingExportJobTest {
    static KafkaBroker broker;
    static SparkSession spark;
    static final String TOPIC = "joseki.train.positions.exporttest";
    static final List<TrainingPosition> SENT = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        broker = KafkaBroker.temporary(Map.of());
        broker.start();
        try (Admin a = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
            a.createTopics(List.of(new NewTopic(TOPIC, 3, (short) 1))).all().get();
        }
        spark = BookBuildJob.session("local[2]", 4);
        game(
                "g1",
                Sfen.STARTPOS,
                "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e",
                GameResult.GAME_RESULT_BLACK_WIN);
        game(
                "g2",
                Sfen.STARTPOS,
                "7g7f 3c3d 8h2b+ 3a2b 2g2f 8c8d",
                GameResult.GAME_RESULT_WHITE_WIN);
        game("g3", Sfen.STARTPOS, "2g2f 8c8d 7g7f 3c3d 2f2e 8d8e", GameResult.GAME_RESULT_DRAW);
        game("chk", "4k4/9/9/9/4R4/9/9/9/4K4 w - 2", "5a4a 5i5h", GameResult.GAME_RESULT_BLACK_WIN);
        game("open", "4k4/9/9/9/9/9/9/9/4K4 b R 1", "5i4h 5a6a", GameResult.GAME_RESULT_UNFINISHED);
        Properties p = new Properties();
        p.put("bootstrap.servers", broker.bootstrapServers());
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            for (TrainingPosition t : SENT) {
                producer.send(new ProducerRecord<>(TOPIC, t.getPositionId(), t.toByteArray()));
            }
            producer.send(new ProducerRecord<>(TOPIC, "junk", new byte[] {(byte) 0xff, 1, 2}));
            producer.flush();
        }
    }

    /**
     * One record per move of a game; scores vary with the ply. g2's fourth position (after 8h2b+)
     * has a mate score and g3's second (after 2g2f) a decided one: both occur in no other game,
     * while g3's fifth and sixth positions are g1's by transposition.
     */
    private static void game(String id, String sfen, String moves, GameResult result) {
        Position pos = Sfen.parse(sfen);
        int i = 0;
        for (String m : moves.split(" ")) {
            i++;
            int score = (pos.moveNumber() * 53) % 500 - 250;
            boolean mate = id.equals("g2") && i == 4;
            if (mate) {
                score = 31_990;
            } else if (id.equals("g3") && i == 2) {
                score = -3_500;
            }
            SENT.add(
                    TrainingPosition.newBuilder()
                            .setPositionId(id + "/0/" + i)
                            .setGameId(id + "/0")
                            .setSfen(Sfen.write(pos))
                            .setPositionKey(ByteString.copyFrom(FullKey.of(pos)))
                            .setBlackToMove(pos.sideToMove() == Piece.BLACK)
                            .setPly(pos.moveNumber())
                            .setScore(score)
                            .setMate(mate)
                            .setBestMove(m)
                            .setInCheck(pos.inCheck())
                            .setResult(result)
                            .build());
            pos.doMove(UsiMove.parse(pos, m));
        }
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

    /** The plain loop: per key the smallest id, then the filter's rules written out. */
    private static List<TrainingPosition> expectedKept() {
        Map<ByteString, TrainingPosition> byKey = new HashMap<>();
        for (TrainingPosition t : SENT) {
            byKey.merge(
                    t.getPositionKey(),
                    t,
                    (a, b) -> a.getPositionId().compareTo(b.getPositionId()) <= 0 ? a : b);
        }
        return byKey.values().stream()
                .filter(t -> !t.getMate() && !t.getInCheck() && Math.abs(t.getScore()) <= 3000)
                .filter(t -> t.getResult() != GameResult.GAME_RESULT_UNFINISHED)
                .toList();
    }

    private static PackedSfenValue packed(TrainingPosition t) {
        Position pos = Sfen.parse(t.getSfen());
        int result =
                switch (t.getResult()) {
                    case GAME_RESULT_DRAW -> 0;
                    case GAME_RESULT_BLACK_WIN -> t.getBlackToMove() ? 1 : -1;
                    default -> t.getBlackToMove() ? -1 : 1;
                };
        return PackedSfenValue.of(pos, t.getScore(), UsiMove.parse(pos, t.getBestMove()), result);
    }

    private static List<PackedSfenValue> readAll(Path dir) throws Exception {
        List<PackedSfenValue> out = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.sorted().toList();
        }
        for (Path f : files) {
            try (PackedSfenReader r = new PackedSfenReader(f)) {
                for (PackedSfenValue v; (v = r.next()) != null; ) {
                    out.add(v);
                }
                assertThat(r.skippedBytes()).isZero();
            }
        }
        return out;
    }

    private static TrainingExportJob.Result export(Path out, long seed) throws Exception {
        return TrainingExportJob.run(
                spark,
                new TrainingExportJob.Inputs(KafkaSettings.of(broker.bootstrapServers()), TOPIC),
                out,
                new TrainingExportJob.Settings(0.25, seed, 3000, 4));
    }

    @Test
    void theFilesHoldEachKeptPositionOnceAndValidationHoldsWholeGames(@TempDir Path tmp)
            throws Exception {
        Path out = tmp.resolve("a");
        TrainingExportJob.Result r = export(out, 7);

        List<TrainingPosition> kept = expectedKept();
        List<PackedSfenValue> train = readAll(out.resolve("train"));
        List<PackedSfenValue> validation = readAll(out.resolve("validation"));
        List<PackedSfenValue> all = new ArrayList<>(validation);
        all.addAll(train);
        assertThat(all)
                .containsExactlyInAnyOrderElementsOf(
                        kept.stream().map(TrainingExportJobTest::packed).toList());
        // Whole games: no game has positions in both sets. Games are taken until they hold 25 %
        // of the kept positions (rounded half up), so validation holds at least that many and
        // fewer than that plus one game's.
        Map<PackedSfenValue, String> gameOf = new HashMap<>();
        Map<String, Integer> perGame = new HashMap<>();
        for (TrainingPosition t : kept) {
            gameOf.put(packed(t), t.getGameId());
            perGame.merge(t.getGameId(), 1, Integer::sum);
        }
        Set<String> validationGames = new HashSet<>(), trainGames = new HashSet<>();
        validation.forEach(v -> validationGames.add(gameOf.get(v)));
        train.forEach(v -> trainGames.add(gameOf.get(v)));
        assertThat(validationGames).isNotEmpty().doesNotContainAnyElementsOf(trainGames);
        assertThat(trainGames).isNotEmpty();
        int target = (int) Math.floor(kept.size() * 0.25 + 0.5);
        int largest = perGame.values().stream().max(Integer::compare).orElseThrow();
        assertThat(validation.size()).isBetween(target, target + largest - 1);

        Set<ByteString> keys = new HashSet<>();
        SENT.forEach(t -> keys.add(t.getPositionKey()));
        long duplicates = SENT.size() - keys.size();
        JsonNode stats = new ObjectMapper().readTree(out.resolve("stats.json").toFile());
        assertThat(stats.get("records").asLong()).isEqualTo(SENT.size() + 1);
        assertThat(stats.get("bad_records").asLong()).isEqualTo(1);
        assertThat(stats.get("duplicates").asLong()).isEqualTo(duplicates);
        // g2's mate score, the rook check, g3's -3500 and the unfinished game's two positions.
        assertThat(stats.get("dropped").get("mate_score").asLong()).isEqualTo(1);
        assertThat(stats.get("dropped").get("in_check").asLong()).isEqualTo(1);
        assertThat(stats.get("dropped").get("eval_limit").asLong()).isEqualTo(1);
        assertThat(stats.get("dropped").get("no_result").asLong()).isEqualTo(2);
        assertThat(stats.get("written").asLong()).isEqualTo(kept.size());
        assertThat(stats.get("validation").asLong()).isEqualTo(validation.size());
        long byPly = 0;
        for (JsonNode n : stats.get("by_ply")) {
            byPly += n.asLong();
        }
        assertThat(byPly).isEqualTo(kept.size());
        assertThat(r.errors()).singleElement().asString().contains("not a TrainingPosition");
        assertThat(Files.readString(out.resolve("stats.md"))).contains("| move number |");
    }

    @Test
    void theSameSeedWritesTheSameBytes(@TempDir Path tmp) throws Exception {
        export(tmp.resolve("a"), 11);
        export(tmp.resolve("b"), 11);
        for (String f : List.of("train/part-00000.bin", "validation/part-00000.bin")) {
            assertThat(Files.readAllBytes(tmp.resolve("b").resolve(f)))
                    .as(f)
                    .isEqualTo(Files.readAllBytes(tmp.resolve("a").resolve(f)));
        }
        assertThat(Files.readString(tmp.resolve("b/stats.json")))
                .isEqualTo(Files.readString(tmp.resolve("a/stats.json")));
    }
}
