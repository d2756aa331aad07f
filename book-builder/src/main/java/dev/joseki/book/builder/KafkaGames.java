package dev.joseki.book.builder;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.MoveRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * GameRecords from the Kafka games topic, read as one batch over explicit offset ranges: from the offsets
 * the book remembers (metadata {@code kafka_offsets}, Spark's JSON form {@code {"topic":{"0":next,...}}};
 * earliest for partitions it has not seen) to the end offsets at the start of the run. The end offsets are
 * returned so that the build stores them; the next run reads only newer records.
 *
 * <p>Only committed games count: both the end offsets and the Spark source are read_committed
 * ({@link KafkaSettings}). The end offsets are thus the last stable offsets, which stop before the first
 * record of a transaction still open, so a build neither waits for it nor counts it; its records (and
 * committed ones behind it on the same partition) are read by a later build once it is decided. Records of
 * aborted transactions are skipped by the source.
 *
 * <p>Tournament games on the topic ({@link GameRecords#fromTournament}) are left out unless asked for;
 * either way the offsets move past them, so a later build of the same book does not see them again.
 */
public final class KafkaGames {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The games of one batch and the offsets to remember once they are in the book. */
    public record Batch(JavaRDD<GameInput> games, String endOffsetsJson, long records) {
    }

    private KafkaGames() {
    }

    public static Batch read(SparkSession spark, KafkaSettings kafka, String topic, String rememberedJson,
                             boolean includeTournaments) {
        Map<Integer, Long> start = remembered(rememberedJson, topic);
        Map<Integer, Long> end = lastStableOffsets(kafka, topic);
        Map<Integer, Long> from = new TreeMap<>();
        long records = 0;
        for (Map.Entry<Integer, Long> e : end.entrySet()) {
            long s = start.getOrDefault(e.getKey(), -2L); // -2 = earliest
            from.put(e.getKey(), s);
            records += s < 0 ? e.getValue() : Math.max(0, e.getValue() - s);
        }
        Map<String, Long> fromJson = new TreeMap<>(), endJson = new TreeMap<>();
        from.forEach((p, o) -> fromJson.put(p.toString(), o));
        end.forEach((p, o) -> endJson.put(p.toString(), o));
        String endOffsets = json(Map.of(topic, endJson));
        if (end.isEmpty() || records == 0) {
            return new Batch(org.apache.spark.api.java.JavaSparkContext.fromSparkContext(spark.sparkContext()).emptyRDD(),
                    endOffsets, 0);
        }
        // failOnDataLoss=false: the offsets of aborted records and transaction markers are gaps that a
        // read_committed reader never receives.
        JavaRDD<GameInput> games = spark.read().format("kafka").options(kafka.sparkSourceOptions())
                .option("subscribe", topic)
                .option("startingOffsets", json(Map.of(topic, fromJson)))
                .option("endingOffsets", endOffsets)
                .option("failOnDataLoss", "false")
                .load().select("value", "topic", "partition", "offset")
                .javaRDD().flatMap(new DecodeRecord(includeTournaments));
        return new Batch(games, endOffsets, records);
    }

    static Map<Integer, Long> remembered(String json, String topic) {
        Map<Integer, Long> m = new TreeMap<>();
        if (json == null || json.isBlank()) {
            return m;
        }
        try {
            Map<String, Map<String, Long>> all = JSON.readValue(json, new TypeReference<Map<String, Map<String, Long>>>() { });
            all.getOrDefault(topic, Map.of()).forEach((p, o) -> m.put(Integer.parseInt(p), o));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("bad kafka_offsets in book metadata: " + json, e);
        }
        return m;
    }

    /** The last stable offset of each partition (read_committed end offsets); empty if there is no topic. */
    private static Map<Integer, Long> lastStableOffsets(KafkaSettings kafka, String topic) {
        Map<Integer, Long> end = new TreeMap<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            List<PartitionInfo> parts = c.partitionsFor(topic, Duration.ofSeconds(30));
            if (parts == null) {
                return end;
            }
            List<TopicPartition> tps = new ArrayList<>();
            for (PartitionInfo pi : parts) {
                tps.add(new TopicPartition(topic, pi.partition()));
            }
            c.assign(tps); // an unassigned partition's last stable offset is fetched but not kept (and warned)
            c.endOffsets(tps, Duration.ofSeconds(30)).forEach((tp, o) -> end.put(tp.partition(), o));
        }
        return end;
    }

    private static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Executor side: a Kafka row's protobuf value as a game input; an unreadable record is rejected. */
    static final class DecodeRecord implements FlatMapFunction<Row, GameInput> {
        private static final long serialVersionUID = 1L;
        private final boolean includeTournaments;

        DecodeRecord(boolean includeTournaments) {
            this.includeTournaments = includeTournaments;
        }

        @Override
        public Iterator<GameInput> call(Row r) {
            String source = r.getString(1) + "/" + r.getInt(2) + "@" + r.getLong(3);
            try {
                GameRecord g = GameRecord.parseFrom((byte[]) r.get(0));
                if (!includeTournaments && GameRecords.fromTournament(g)) {
                    return Collections.emptyIterator();
                }
                return Collections.singletonList(toInput(g, source)).iterator();
            } catch (com.google.protobuf.InvalidProtocolBufferException | RuntimeException e) {
                return Collections.singletonList(GameInput.rejected("bad:" + source, source,
                        source + ": not a GameRecord: " + e.getMessage())).iterator();
            }
        }
    }

    static GameInput toInput(GameRecord g, String source) {
        String[] moves = new String[g.getMovesCount()];
        int i = 0;
        List<Integer> random = new ArrayList<>();
        for (MoveRecord m : g.getMovesList()) {
            if (m.getBookSource() == dev.joseki.records.proto.BookSource.BOOK_SOURCE_RANDOM_OPENING) {
                random.add(i);
            }
            moves[i++] = m.getUsi();
        }
        String result = switch (g.getResult()) {
            case GAME_RESULT_BLACK_WIN -> "black_win";
            case GAME_RESULT_WHITE_WIN -> "white_win";
            case GAME_RESULT_DRAW -> "draw";
            case GAME_RESULT_UNFINISHED -> "unfinished";
            default -> null;
        };
        String id = g.getGameId().isEmpty() ? "kafka:" + source : g.getGameId();
        String sfen = g.getStartSfen().isEmpty() ? dev.joseki.notation.Sfen.STARTPOS : g.getStartSfen();
        return new GameInput(id, sfen, moves, result, g.getBlack().getName(), g.getWhite().getName(), source)
                .withRandomPlies(random.stream().mapToInt(Integer::intValue).toArray());
    }
}
