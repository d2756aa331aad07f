package dev.joseki.book.builder;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.rules.Result;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * GameRecords from the Kafka games topic, read as one batch over explicit offset ranges ({@link
 * KafkaOffsets}): from the offsets the book remembers (metadata {@code kafka_offsets}) to the end
 * offsets at the start of the run. The end offsets are returned so that the build stores them; the
 * next run reads only newer records.
 *
 * <p>Only committed games count: both the end offsets and the Spark source are read_committed
 * ({@link KafkaSettings}). The end offsets are thus the last stable offsets, which stop before the
 * first record of a transaction still open, so a build neither waits for it nor counts it; its
 * records (and committed ones behind it on the same partition) are read by a later build once it is
 * decided. Records of aborted transactions are skipped by the source.
 *
 * <p>Tournament games on the topic ({@link GameRecords#fromTournament}) are left out unless asked
 * for; either way the offsets move past them, so a later build of the same book does not see them
 * again.
 */
public final class KafkaGames {
    /** The games of one batch and the offsets to remember once they are in the book. */
    public record Batch(JavaRDD<GameInput> games, String endOffsetsJson, long records) {}

    private KafkaGames() {}

    public static Batch read(
            SparkSession spark,
            KafkaSettings kafka,
            String topic,
            String rememberedJson,
            boolean includeTournaments) {
        KafkaOffsets range = KafkaOffsets.of(kafka, topic, rememberedJson);
        if (range.records() == 0) {
            return new Batch(
                    org.apache.spark.api.java.JavaSparkContext.fromSparkContext(
                                    spark.sparkContext())
                            .emptyRDD(),
                    range.endingJson(),
                    0);
        }
        JavaRDD<GameInput> games =
                range.rows(spark, kafka, topic).flatMap(new DecodeRecord(includeTournaments));
        return new Batch(games, range.endingJson(), range.records());
    }

    /**
     * Executor side: a Kafka row's protobuf value as a game input; an unreadable record is
     * rejected.
     */
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
                return Collections.singletonList(
                                GameInput.rejected(
                                        "bad:" + source,
                                        source,
                                        source + ": not a GameRecord: " + e.getMessage()))
                        .iterator();
            }
        }
    }

    static GameInput toInput(GameRecord g, String source) {
        String[] moves = new String[g.getMovesCount()];
        int i = 0;
        List<Integer> random = new ArrayList<>();
        for (MoveRecord m : g.getMovesList()) {
            if (m.getBookSource()
                    == dev.joseki.records.proto.BookSource.BOOK_SOURCE_RANDOM_OPENING) {
                random.add(i);
            }
            moves[i++] = m.getUsi();
        }
        // A record that states no result (UNSPECIFIED, or a value of a newer schema) is judged by
        // replaying its moves; GameRecords owns the mapping of the others.
        GameResult stated = g.getResult();
        Result result =
                stated == GameResult.GAME_RESULT_UNSPECIFIED || stated == GameResult.UNRECOGNIZED
                        ? null
                        : GameRecords.result(stated);
        String id = g.getGameId().isEmpty() ? "kafka:" + source : g.getGameId();
        String sfen =
                g.getStartSfen().isEmpty() ? dev.joseki.notation.Sfen.STARTPOS : g.getStartSfen();
        return new GameInput(
                        id,
                        sfen,
                        moves,
                        result,
                        g.getBlack().getName(),
                        g.getWhite().getName(),
                        source)
                .withRandomPlies(random.stream().mapToInt(Integer::intValue).toArray());
    }
}
