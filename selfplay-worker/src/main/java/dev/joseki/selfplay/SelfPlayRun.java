package dev.joseki.selfplay;

import com.google.protobuf.Timestamp;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.notation.Sfen;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.GameSeed;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Opening;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.rules.Move;
import dev.joseki.tournament.OpeningSuite;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The enqueue side of self-play: a run of N games becomes tasks spread round-robin over the task
 * partitions, and {@link #await} collects the run's records from the games topic (read_committed)
 * until all have arrived. When the two sides differ, a task is a colour-swapped pair on one opening
 * (one single game when N is odd); an engine against itself plays single games, each its own task
 * (a swapped pair of identical sides would be the same game twice).
 */
public final class SelfPlayRun {
    /**
     * What to play. {@code black} plays first in each pair's first game. Each side plays under its
     * own limit or clock when its spec names one, else under the run's: {@code limit} or {@code
     * clock}, exactly one of them. Task i has the seed {@link GameSeed#task}(seed, i) and starts
     * from opening i of {@code openings} (its line, then {@code randomPlies} random plies, then
     * {@code sampling}). The specs become the task's protobuf players and limits only in {@link
     * SelfPlayRun#task}.
     */
    public record Spec(
            int games,
            SearchLimit limit,
            TimeControl clock,
            int randomPlies,
            long seed,
            EngineSpec black,
            EngineSpec white,
            int maxPlies,
            OpeningSuite openings,
            Sampling sampling) {
        public Spec {
            if (games < 1) {
                throw new IllegalArgumentException("--games must be at least 1");
            }
            if (limit == null && clock == null) {
                throw new IllegalArgumentException(
                        "a search limit (nodes, movetime, byoyomi or depth) is needed");
            }
            if (limit != null && clock != null) {
                throw new IllegalArgumentException("a search limit and a clock: give one of them");
            }
        }

        /** From the start position, without sampling or clock. */
        public Spec(
                int games,
                SearchLimit limit,
                int randomPlies,
                long seed,
                EngineSpec black,
                EngineSpec white,
                int maxPlies) {
            this(
                    games,
                    limit,
                    null,
                    randomPlies,
                    seed,
                    black,
                    white,
                    maxPlies,
                    OpeningSuite.startPosition(),
                    Sampling.OFF);
        }

        /** Black and White as they play: each with its own limit or clock, else the run's. */
        public List<EngineSpec> seats() {
            return List.of(seat(black), seat(white));
        }

        /** This spec with its artifact engines pinned to exact hashes ({@link ArtifactPins}). */
        public Spec pinned(ArtifactPins pins) {
            return new Spec(
                    games,
                    limit,
                    clock,
                    randomPlies,
                    seed,
                    pins.pin(black),
                    pins.pin(white),
                    maxPlies,
                    openings,
                    sampling);
        }

        private EngineSpec seat(EngineSpec side) {
            return clock != null
                    ? side.withDefaultTimeControl(clock)
                    : side.withDefaultLimit(limit);
        }

        /** The run's limit or clock as task limits (the wire form). */
        Limits limits() {
            return clock != null ? TaskPlayers.limits(clock) : TaskPlayers.limits(limit);
        }
    }

    private final String runId;
    private final Spec spec;
    // The spec's sides and limits in their wire form, converted once.
    private final Player black;
    private final Player white;
    private final Limits limits;
    // Colour-swapped pairs only when the sides differ as the workers see them (class comment).
    private final boolean pairs;
    private final int gamesPerTask;

    public SelfPlayRun(String runId, Spec spec) {
        this(runId, spec, 1);
    }

    /**
     * With {@code gamesPerTask} above 1, the tasks of {@link #task} travel that many games at a
     * time in one batch task ({@link TaskBatches}); a colour-swapped pair is never split, so with
     * pairs it must be even. IllegalArgumentException naming {@code --games-per-task} otherwise.
     */
    public SelfPlayRun(String runId, Spec spec, int gamesPerTask) {
        this.runId = runId;
        this.spec = spec;
        this.black = TaskPlayers.player(spec.black());
        this.white = TaskPlayers.player(spec.white());
        this.limits = spec.limits();
        this.pairs = !black.equals(white);
        this.gamesPerTask = gamesPerTask;
        String problem = TaskBatches.problem(gamesPerTask, pairs);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    public static String newRunId() {
        return dev.joseki.records.GameRecords.SELFPLAY_RUN_PREFIX
                + Instant.now().getEpochSecond()
                + "-"
                + UUID.randomUUID().toString().substring(0, 6);
    }

    public String runId() {
        return runId;
    }

    /**
     * The tasks of this run as they are sent: task i's seed and opening come from (run seed, i);
     * with more than one game per task, consecutive tasks go together in batches ({@link
     * TaskBatches}), the games of each keeping their ids and seeds.
     */
    public List<SelfPlayTask> tasks() {
        List<SelfPlayTask> tasks = new ArrayList<>();
        Timestamp now = Timestamp.newBuilder().setSeconds(Instant.now().getEpochSecond()).build();
        int perTask = pairs ? 2 : 1;
        for (int i = 0; perTask * i < spec.games(); i++) {
            tasks.add(task(i, now));
        }
        return TaskBatches.of(tasks, gamesPerTask, runId + "-b", runId, now);
    }

    /** Task i of this run, created at {@code now}. */
    public SelfPlayTask task(int i, Timestamp now) {
        Sampling sampling = spec.sampling();
        SelfPlayTask.Builder t =
                SelfPlayTask.newBuilder()
                        .setTaskId(runId + "-" + i)
                        .setTournamentId(runId)
                        .setBlack(black)
                        .setWhite(white)
                        .setLimits(limits)
                        .setOpening(
                                opening(spec.openings().opening(i))
                                        .setRandomPlies(spec.randomPlies())
                                        .setSeed(GameSeed.task(spec.seed(), i))
                                        .setSamplePlies(sampling.plies())
                                        .setSampleWindowCp(sampling.windowCp())
                                        .setSampleLines(sampling.lines()))
                        .setMaxPlies(spec.maxPlies())
                        .setCreatedAt(now);
        if (pairs && 2 * i + 1 < spec.games()) {
            t.setColorSwappedPair(true);
        } else {
            t.setGames(1);
        }
        return t.build();
    }

    /** An opening line as the task's start: the start position is written as an empty SFEN. */
    private static Opening.Builder opening(dev.joseki.play.Opening line) {
        Opening.Builder o =
                Opening.newBuilder()
                        .setStartSfen(
                                line.startSfen().equals(Sfen.STARTPOS) ? "" : line.startSfen());
        for (int m : line.moves()) {
            o.addMoves(Move.usi(m));
        }
        return o;
    }

    /**
     * Waits until the workers' group has at least {@code members} members holding task partitions
     * (so that {@link #publish} can spread tasks over them); false at the time-out.
     */
    public static boolean awaitWorkers(
            KafkaSettings kafka, Topics topics, String groupId, int members, Duration timeout)
            throws InterruptedException {
        return awaitWorkers(kafka, topics.tasks(), groupId, members, timeout);
    }

    /**
     * As {@link #awaitWorkers(KafkaSettings, Topics, String, int, Duration)} for the partitions of
     * {@code taskTopic}.
     */
    public static boolean awaitWorkers(
            KafkaSettings kafka, String taskTopic, String groupId, int members, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<List<Integer>> m = memberPartitions(kafka, taskTopic, groupId);
            if (m.size() >= members
                    && m.stream().mapToInt(List::size).sum() >= partitionCount(kafka, taskTopic)) {
                return true;
            }
            Thread.sleep(200);
        }
        return false;
    }

    /**
     * How many members of the workers' group hold partitions of {@code taskTopic} now (0 if it
     * cannot be described).
     */
    public static int workersHolding(KafkaSettings kafka, String taskTopic, String groupId) {
        return memberPartitions(kafka, taskTopic, groupId).size();
    }

    /**
     * The topics whose partitions the members of the workers' group hold now, sorted (empty if the
     * group has no members or cannot be described): what the group's workers consume, whatever
     * prefix they were started with.
     */
    public static SortedSet<String> topicsHeld(KafkaSettings kafka, String groupId) {
        SortedSet<String> out = new TreeSet<>();
        for (MemberDescription m : members(kafka, groupId)) {
            m.assignment().topicPartitions().forEach(tp -> out.add(tp.topic()));
        }
        return out;
    }

    static int partitionCount(KafkaSettings kafka, String topic) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null))) {
            return c.partitionsFor(topic).size();
        }
    }

    /**
     * Each member's task partitions, sorted; empty if the group has no members (or cannot be
     * described).
     */
    static List<List<Integer>> memberPartitions(
            KafkaSettings kafka, Topics topics, String groupId) {
        return memberPartitions(kafka, topics.tasks(), groupId);
    }

    /**
     * Each member's partitions of {@code topic}, sorted; empty if the group has no members (or
     * cannot be described).
     */
    static List<List<Integer>> memberPartitions(KafkaSettings kafka, String topic, String groupId) {
        List<List<Integer>> out = new ArrayList<>();
        for (MemberDescription m : members(kafka, groupId)) {
            List<Integer> parts = new ArrayList<>();
            for (TopicPartition tp : m.assignment().topicPartitions()) {
                if (tp.topic().equals(topic)) {
                    parts.add(tp.partition());
                }
            }
            if (!parts.isEmpty()) {
                parts.sort(null);
                out.add(parts);
            }
        }
        return out;
    }

    /**
     * The members of the group now; empty if it has none, or cannot be described (unknown group, no
     * rights to describe it: callers then spread blindly).
     */
    private static List<MemberDescription> members(KafkaSettings kafka, String groupId) {
        try (Admin admin = Admin.create(kafka.admin())) {
            ConsumerGroupDescription g =
                    admin.describeConsumerGroups(List.of(groupId))
                            .all()
                            .get(10, TimeUnit.SECONDS)
                            .get(groupId);
            return g == null ? List.of() : List.copyOf(g.members());
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }

    /**
     * The games topic's current end offsets (read before publishing, so {@link #await} reads only
     * what follows).
     */
    public static Map<TopicPartition, Long> gamesEnd(KafkaSettings kafka, Topics topics) {
        return GameTopic.end(kafka, topics.games());
    }

    /**
     * Publishes the tasks (idempotent producer, acks=all), spread over the members of the workers'
     * group {@code groupId} when it has any (see {@link TaskPlacement}); returns when all are
     * acknowledged.
     */
    public void publish(KafkaSettings kafka, Topics topics, String groupId) {
        TaskPublisher.publish(
                kafka, topics.tasks(), groupId, tasks(), SelfPlayTask::getTaskId, "tasks");
    }

    /**
     * Reads committed game records of this run after {@code from} until all {@code spec.games()}
     * distinct ids have arrived or {@code timeout} passes; reports the count so far to {@code
     * progress}.
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
                kafka, topics.games(), runId, spec.games(), from, progress, timeout, stalled);
    }

    /** Every committed game record in the games topic, in partition order (for tests and tools). */
    public static List<GameRecord> readAll(KafkaSettings kafka, Topics topics) {
        List<GameRecord> out = new ArrayList<>();
        GameTopic.scan(kafka, topics, out::add);
        return out;
    }
}
