package dev.joseki.book.builder;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.kafka.KafkaSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The offset range of one batch read of a topic (games, evals): from the offsets a book remembers
 * (Spark's JSON form {@code {"topic":{"0":next,...}}}; earliest for partitions it has not seen) to
 * the last stable offsets at the start of the run (read_committed end offsets, which stop before
 * the first record of a transaction still open). The end offsets are what the book remembers for
 * the next run.
 *
 * @param startingJson Spark's {@code startingOffsets} option (-2 = earliest)
 * @param endingJson Spark's {@code endingOffsets} option, and the offsets to remember
 * @param records how many offsets lie in between (records plus transaction markers: an upper bound)
 */
public record KafkaOffsets(String startingJson, String endingJson, long records) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static KafkaOffsets of(KafkaSettings kafka, String topic, String rememberedJson) {
        Map<Integer, Long> start = remembered(rememberedJson, topic);
        Map<Integer, Long> end = lastStableOffsets(kafka, topic);
        Map<String, Long> fromJson = new TreeMap<>(), endJson = new TreeMap<>();
        long records = 0;
        for (Map.Entry<Integer, Long> e : end.entrySet()) {
            long s = start.getOrDefault(e.getKey(), -2L); // -2 = earliest
            fromJson.put(e.getKey().toString(), s);
            endJson.put(e.getKey().toString(), e.getValue());
            records += s < 0 ? e.getValue() : Math.max(0, e.getValue() - s);
        }
        return new KafkaOffsets(
                json(Map.of(topic, fromJson)), json(Map.of(topic, endJson)), records);
    }

    /**
     * The records of {@code topic} in this range, as Spark rows of (value, topic, partition,
     * offset). failOnDataLoss=false: the offsets of aborted records and transaction markers are
     * gaps that a read_committed reader never receives.
     */
    public JavaRDD<Row> rows(SparkSession spark, KafkaSettings kafka, String topic) {
        return spark.read()
                .format("kafka")
                .options(kafka.sparkSourceOptions())
                .option("subscribe", topic)
                .option("startingOffsets", startingJson)
                .option("endingOffsets", endingJson)
                .option("failOnDataLoss", "false")
                .load()
                .select("value", "topic", "partition", "offset")
                .javaRDD();
    }

    static Map<Integer, Long> remembered(String json, String topic) {
        Map<Integer, Long> m = new TreeMap<>();
        if (json == null || json.isBlank()) {
            return m;
        }
        try {
            Map<String, Map<String, Long>> all =
                    JSON.readValue(json, new TypeReference<Map<String, Map<String, Long>>>() {});
            all.getOrDefault(topic, Map.of()).forEach((p, o) -> m.put(Integer.parseInt(p), o));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("bad Kafka offsets in book metadata: " + json, e);
        }
        return m;
    }

    /**
     * The last stable offset of each partition (read_committed end offsets); empty if there is no
     * topic.
     */
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
            c.assign(tps); // an unassigned partition's last stable offset is fetched but not kept
            // (and warned)
            c.endOffsets(tps, Duration.ofSeconds(30))
                    .forEach((tp, o) -> end.put(tp.partition(), o));
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
}
