package dev.joseki.selfplay;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.MatchExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plays a tournament on the self-play workers: each {@link GameTask} goes to the tasks topic as a
 * one-game {@link SelfPlayTask} with a stable id ({@link TournamentGames}), or with {@code
 * gamesPerTask} N a block of N such tasks in one batch task ({@link TaskBatches}), and the workers'
 * {@link GameRecord}s come back from the games topic (read_committed) as outcomes, each game id
 * once.
 *
 * <ol>
 *   <li>Read the games topic from the beginning up to its current end: games of this tournament id
 *       that are already there (an earlier, interrupted run) are delivered and never sent again.
 *   <li>Tasks an earlier run sent that the workers have not taken yet ({@link QueuedTasks}) will
 *       still be played: they count as in flight and are not sent again, unless that run retired
 *       them (5).
 *   <li>Send the missing tasks in schedule order, at most {@code window} unanswered at a time, each
 *       to the worker slot with the fewest of them ({@link MemberPlacement}).
 *   <li>Keep reading with the same consumer (no gap between 1 and 4) and deliver each new game id
 *       once; repeated deliveries (a replayed task, a task left over from an earlier run) are
 *       ignored.
 *   <li>When the sink has enough (an SPRT decided), retire the tournament ({@link RetiredRuns}):
 *       the workers commit its tasks still queued, at most a window, without playing them.
 *   <li>When the user interrupts the run, return within a poll, sending nothing more and retiring
 *       nothing: the workers go on with the tasks queued, and a re-run of the same id finds their
 *       games (1) or waits for them (2).
 * </ol>
 *
 * The workers' exactly-once commit makes a killed worker's game reappear, once, from another
 * worker; this side only has to wait. If no game at all finishes for {@code idleTimeout}, neither
 * this run's nor another's, the run fails with a {@link StalledRunException} naming what is missing
 * (no workers, or all of them stuck). Workers busy with another run's tasks queued ahead of this
 * run's are at work, and the run waits for them as long as they finish games.
 */
public final class KafkaExecutor implements MatchExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaExecutor.class);

    /**
     * @param groupId the workers' consumer group (tasks are spread over its members)
     * @param event the event name written into each game's CSA/KIF record
     * @param maxPlies the tournament's ply limit, which the workers' referee applies
     * @param window most games sent and not yet answered
     * @param gamesPerTask games a task carries (1, or even: game ids 2k and 2k+1 are a
     *     colour-swapped pair, and games k·N to k·N+N-1 go in one task, so a pair is never split)
     */
    public record Config(
            KafkaSettings kafka,
            Topics topics,
            String groupId,
            String tournamentId,
            String event,
            int maxPlies,
            int window,
            Duration idleTimeout,
            int gamesPerTask) {
        /** One game per task. */
        public Config(
                KafkaSettings kafka,
                Topics topics,
                String groupId,
                String tournamentId,
                String event,
                int maxPlies,
                int window,
                Duration idleTimeout) {
            this(kafka, topics, groupId, tournamentId, event, maxPlies, window, idleTimeout, 1);
        }

        public Config {
            String problem = TaskBatches.problem(gamesPerTask, true);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
            if (tournamentId == null || tournamentId.isBlank() || tournamentId.contains("/")) {
                throw new IllegalArgumentException(
                        "a tournament id must be non-empty without '/', got '"
                                + tournamentId
                                + "'");
            }
            if (window < 1) {
                throw new IllegalArgumentException("window must be at least 1");
            }
        }
    }

    private final Config config;
    private final ArtifactPins pins;
    private final KeptArchive archive;
    private int resumed;
    private int requeued;
    private int sent;

    public KafkaExecutor(Config config) {
        this(config, null);
    }

    /**
     * As {@link #KafkaExecutor(Config)}, keeping every game of the run (those an earlier run played
     * included) in {@code archive}, a {@link GameArchive} file rewritten as games arrive ({@link
     * KeptArchive}); null keeps none.
     */
    public KafkaExecutor(Config config, Path archive) {
        this.config = config;
        this.pins = new ArtifactPins(config.kafka(), config.topics());
        this.archive = archive == null ? null : new KeptArchive(archive, System::nanoTime);
    }

    public Config config() {
        return config;
    }

    /** spec with its artifact engine pinned to the hash this run's tasks carry. */
    public EngineSpec pinned(EngineSpec spec) {
        return pins.pin(spec);
    }

    /**
     * Games found on the games topic from an earlier run of the same tournament id (after {@link
     * #execute}).
     */
    public int resumed() {
        return resumed;
    }

    /**
     * Tasks of an earlier run still queued for the workers, waited for instead of sent (after
     * {@link #execute}).
     */
    public int requeued() {
        return requeued;
    }

    /** Tasks this run sent to the workers (after {@link #execute}). */
    public int sent() {
        return sent;
    }

    @Override
    public void execute(List<GameTask> tasks, Sink sink) {
        try {
            play(tasks, sink);
        } finally {
            if (archive != null) {
                archive.flush();
            }
        }
    }

    /** Steps 1–6 of the class comment. */
    private void play(List<GameTask> tasks, Sink sink) {
        Map<Integer, GameTask> byId = new LinkedHashMap<>();
        for (GameTask t : tasks) {
            byId.put(t.id(), t);
        }
        Set<Integer> delivered = new HashSet<>();
        String tid = config.tournamentId();
        try (KafkaConsumer<String, byte[]> consumer =
                        new KafkaConsumer<>(config.kafka().consumer(null));
                KafkaProducer<String, byte[]> producer =
                        new KafkaProducer<>(config.kafka().producer(null))) {
            List<TopicPartition> parts =
                    TopicScan.partitions(consumer.partitionsFor(config.topics().games()));
            TopicScan.assignFromStart(consumer, parts);

            // 1. What an earlier run of this tournament already played.
            Map<Integer, GameRecord> earlier = new TreeMap<>();
            TopicScan.toEnd(
                    consumer,
                    parts,
                    null,
                    r -> {
                        int n = TournamentGames.gameNumber(tid, r.key());
                        if (byId.containsKey(n)) {
                            earlier.putIfAbsent(n, GameTopic.parse(r));
                        }
                    });
            resumed = earlier.size();
            if (resumed > 0) {
                LOG.info(
                        "tournament {}: {} of {} games already on {}",
                        tid,
                        resumed,
                        tasks.size(),
                        config.topics().games());
            }
            for (Map.Entry<Integer, GameRecord> e : earlier.entrySet()) {
                delivered.add(e.getKey());
                keep(e.getValue());
                if (!sink.accept(
                        TournamentGames.outcome(
                                config.event(), byId.get(e.getKey()), e.getValue()))) {
                    // decided on the games already played: tasks still queued are not needed
                    RetiredRuns.retire(producer, consumer, config.topics(), tid);
                    return;
                }
            }

            // 2. What an earlier run left queued: in flight already.
            Set<Integer> inFlight = new HashSet<>();
            for (int n :
                    QueuedTasks.of(
                            config.kafka(),
                            config.topics().tasks(),
                            config.groupId(),
                            tid,
                            RetiredRuns.of(config.kafka(), config.topics(), tid))) {
                if (byId.containsKey(n) && !delivered.contains(n)) {
                    inFlight.add(n);
                }
            }
            requeued = inFlight.size();
            if (requeued > 0) {
                LOG.info(
                        "tournament {}: {} tasks of an earlier run still queued on {}; not sent"
                                + " again",
                        tid,
                        requeued,
                        config.topics().tasks());
            }

            // 3 and 4. Send the rest a window at a time, each task to the least loaded worker
            // slot; collect.
            MemberPlacement<Integer> placement =
                    new MemberPlacement<>(
                            () ->
                                    SelfPlayRun.memberPartitions(
                                            config.kafka(), config.topics(), config.groupId()),
                            () -> producer.partitionsFor(config.topics().tasks()).size());
            List<GameTask> pending =
                    new ArrayList<>(
                            tasks.stream()
                                    .filter(
                                            t ->
                                                    !delivered.contains(t.id())
                                                            && !inFlight.contains(t.id()))
                                    .toList());
            int next = 0;
            long lastNews = System.nanoTime();
            while (delivered.size() < byId.size()) {
                if (sink.interrupted()) {
                    return; // 6. Interrupted: what is queued stays queued for a re-run
                }
                List<Future<RecordMetadata>> acks = new ArrayList<>();
                while (inFlight.size() < config.window() && next < pending.size()) {
                    // The pending games of the next block of gamesPerTask ids, in one task; one
                    // already delivered came from an earlier run's left-over task.
                    int end = blockEnd(pending, next, config.gamesPerTask());
                    List<GameTask> games =
                            pending.subList(next, end).stream()
                                    .filter(t -> !delivered.contains(t.id()))
                                    .toList();
                    next = end;
                    if (!games.isEmpty()) {
                        acks.add(send(producer, placement.place(games.get(0).id()), games));
                        games.forEach(t -> inFlight.add(t.id()));
                    }
                }
                await(producer, acks);
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    lastNews = System.nanoTime(); // a game of any run: the workers are at work
                    int n = TournamentGames.gameNumber(tid, r.key());
                    if (!byId.containsKey(n) || !delivered.add(n)) {
                        continue;
                    }
                    inFlight.remove(n);
                    placement.answered(n);
                    GameRecord game = GameTopic.parse(r);
                    keep(game);
                    if (!sink.accept(TournamentGames.outcome(config.event(), byId.get(n), game))) {
                        // 5. Decided: the workers commit the tasks still queued unplayed (every
                        // send was acknowledged above, so all of them lie below the marker).
                        RetiredRuns.retire(producer, consumer, config.topics(), tid);
                        return;
                    }
                }
                if (System.nanoTime() - lastNews > config.idleTimeout().toNanos()) {
                    throw new StalledRunException(
                            "run "
                                    + tid
                                    + ": no game of any run finished for "
                                    + config.idleTimeout().toSeconds()
                                    + " s with "
                                    + (byId.size() - delivered.size())
                                    + " games missing; are workers running in group '"
                                    + config.groupId()
                                    + "' on "
                                    + config.topics().tasks()
                                    + "? The same command run again continues.");
                }
            }
        }
    }

    private void keep(GameRecord game) {
        if (archive != null) {
            archive.keep(game);
        }
    }

    /** Sends the task of {@code games} (one, or a batch) to {@code partition}; counts it sent. */
    private Future<RecordMetadata> send(
            KafkaProducer<String, byte[]> producer, int partition, List<GameTask> games) {
        SelfPlayTask task =
                TournamentGames.task(config.tournamentId(), games, config.maxPlies(), pins::pin);
        sent++;
        return producer.send(
                new ProducerRecord<>(
                        config.topics().tasks(), partition, task.getTaskId(), task.toByteArray()));
    }

    /**
     * The index after the run of {@code pending} from {@code from} on whose ids are in the block of
     * {@code from}'s ({@code id / gamesPerTask}).
     */
    static int blockEnd(List<GameTask> pending, int from, int gamesPerTask) {
        int block = pending.get(from).id() / gamesPerTask;
        int end = from + 1;
        while (end < pending.size() && pending.get(end).id() / gamesPerTask == block) {
            end++;
        }
        return end;
    }

    private static void await(
            KafkaProducer<String, byte[]> producer, List<Future<RecordMetadata>> acks) {
        if (acks.isEmpty()) {
            return;
        }
        producer.flush();
        try {
            for (Future<RecordMetadata> f : acks) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "sending tournament tasks failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending tournament tasks", e);
        }
    }
}
