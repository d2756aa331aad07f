package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Timestamp;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.BookSource;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.TrainTask;
import dev.joseki.records.proto.TrainingPosition;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.apache.kafka.common.TopicPartition;

/**
 * The enqueue side of training data: a run of N games by one teacher becomes N training tasks (one
 * game each, its opening, seed and sampled plies exactly as task i of a self-play run with the same
 * spec: {@link SelfPlayRun#task}), and {@link #await} collects the run's game records from the
 * train games topic (read_committed) until all have arrived. A game's positions are committed in
 * the same transaction as its record, so a game that arrived has all its positions on the positions
 * topic.
 */
public final class TrainRun {
    /** Training run ids start with this ({@code tr-<epoch>-<random>}). */
    public static final String RUN_PREFIX = "tr-";

    /**
     * The games as a self-play run (the teacher on both sides) and the first move number whose
     * positions are recorded.
     */
    public record Spec(SelfPlayRun.Spec games, int minPly) {
        /** This spec with its artifact engine pinned to an exact hash ({@link ArtifactPins}). */
        public Spec pinned(ArtifactPins pins) {
            return new Spec(games.pinned(pins), minPly);
        }

        public Spec {
            if (!games.black().equals(games.white())) {
                throw new IllegalArgumentException("one engine, the teacher, plays both sides");
            }
            if (minPly < 0) {
                throw new IllegalArgumentException("--min-ply must not be negative");
            }
        }
    }

    private final String runId;
    private final Spec spec;

    public TrainRun(String runId, Spec spec) {
        this.runId = runId;
        this.spec = spec;
    }

    public static String newRunId() {
        return RUN_PREFIX
                + Instant.now().getEpochSecond()
                + "-"
                + UUID.randomUUID().toString().substring(0, 6);
    }

    public String runId() {
        return runId;
    }

    public Spec spec() {
        return spec;
    }

    /** One task per game; task i plays self-play task i of the run's games. */
    public List<TrainTask> tasks() {
        Timestamp now = Timestamp.newBuilder().setSeconds(Instant.now().getEpochSecond()).build();
        SelfPlayRun games = new SelfPlayRun(runId, spec.games());
        List<TrainTask> out = new ArrayList<>();
        for (int i = 0; i < spec.games().games(); i++) {
            SelfPlayTask g = games.task(i, now);
            out.add(
                    TrainTask.newBuilder()
                            .setTaskId(g.getTaskId())
                            .setRunId(runId)
                            .setGames(g)
                            .setMinPly(spec.minPly())
                            .setCreatedAt(now)
                            .build());
        }
        return out;
    }

    /** The train games topic's current end offsets (read before publishing). */
    public static Map<TopicPartition, Long> gamesEnd(KafkaSettings kafka, Topics topics) {
        return GameTopic.end(kafka, topics.trainGames());
    }

    /** Publishes the tasks, spread over the workers' group (as self-play tasks). */
    public void publish(KafkaSettings kafka, Topics topics, String groupId) {
        TaskPublisher.publish(
                kafka, topics.trainTasks(), groupId, tasks(), TrainTask::getTaskId, "train tasks");
    }

    /**
     * Reads committed game records of this run after {@code from} until every game has arrived or
     * {@code timeout} passes; reports the count so far to {@code progress}. Keyed by game id.
     */
    public Map<String, GameRecord> await(
            KafkaSettings kafka,
            Topics topics,
            Map<TopicPartition, Long> from,
            IntConsumer progress,
            Duration timeout) {
        return await(kafka, topics, from, progress, timeout, () -> null);
    }

    /**
     * As {@link #await(KafkaSettings, Topics, Map, IntConsumer, Duration)}, asking {@code stalled}
     * after each poll whether games can still arrive: when it names why not (no worker left), the
     * wait ends with a {@link StalledRunException} saying so and how many games arrived.
     */
    public Map<String, GameRecord> await(
            KafkaSettings kafka,
            Topics topics,
            Map<TopicPartition, Long> from,
            IntConsumer progress,
            Duration timeout,
            Supplier<String> stalled) {
        return GameTopic.await(
                kafka,
                topics.trainGames(),
                runId,
                spec.games().games(),
                from,
                progress,
                timeout,
                stalled);
    }

    /**
     * The positions a finished game put on the positions topic: its searched moves (not opening,
     * random or sampled plies, not book moves) from move number {@code minPly} on.
     */
    public static int positionsOf(GameRecord g, int minPly) {
        String[] sfen = g.getStartSfen().trim().split("\\s+");
        int first = sfen.length == 4 ? Integer.parseInt(sfen[3]) : 1;
        int n = 0;
        for (int i = 0; i < g.getMovesCount(); i++) {
            if (g.getMoves(i).getBookSource() == BookSource.BOOK_SOURCE_NONE
                    && first + i >= minPly) {
                n++;
            }
        }
        return n;
    }

    /** Every committed record of the train games topic, in partition order (tests and tools). */
    public static List<GameRecord> readGames(KafkaSettings kafka, Topics topics) {
        List<GameRecord> out = new ArrayList<>();
        TopicScan.all(kafka, topics.trainGames(), r -> out.add(GameTopic.parse(r)));
        return out;
    }

    /** Every committed record of the positions topic, in partition order (tests and tools). */
    public static List<TrainingPosition> readPositions(KafkaSettings kafka, Topics topics) {
        List<TrainingPosition> out = new ArrayList<>();
        TopicScan.all(
                kafka,
                topics.positions(),
                r -> {
                    try {
                        out.add(TrainingPosition.parseFrom(r.value()));
                    } catch (InvalidProtocolBufferException e) {
                        throw new IllegalStateException(
                                "bad position record at "
                                        + r.topic()
                                        + "-"
                                        + r.partition()
                                        + "@"
                                        + r.offset(),
                                e);
                    }
                });
        return out;
    }
}
