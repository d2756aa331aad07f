package dev.joseki.selfplay;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.transactions.HangingTransactions;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A stateless worker: {@code concurrency} slots, each a consumer in the workers' group on the
 * self-play and eval tasks topics with its own transactional producer (see {@link TaskSlot} for the
 * exactly-once argument). Kill it at any moment: uncommitted work is redone by another worker and
 * nothing is published twice. {@link #stop()} (SIGTERM) abandons the tasks in progress (games,
 * evaluations) without committing them, leaves the group and returns, so their tasks move to other
 * workers at once.
 */
public final class Worker implements AutoCloseable {
    public static final String DEFAULT_GROUP = "joseki-selfplay-workers";
    private static final Logger LOG = LoggerFactory.getLogger(Worker.class);

    /** How to run: cluster, topics, group, slots, and this worker's id (part of every record). */
    public record Config(
            KafkaSettings kafka, Topics topics, String groupId, int concurrency, String workerId) {
        public Config {
            if (concurrency < 1) {
                throw new IllegalArgumentException("concurrency must be at least 1");
            }
        }

        public static Config defaults(KafkaSettings kafka) {
            return new Config(
                    kafka,
                    Topics.DEFAULT,
                    DEFAULT_GROUP,
                    Runtime.getRuntime().availableProcessors(),
                    defaultWorkerId());
        }

        public Config withConcurrency(int c) {
            return new Config(kafka, topics, groupId, c, workerId);
        }
    }

    private final Config config;
    private final PlayerFactory players;
    private final List<TaskSlot> slots = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final CountDownLatch finished;
    private final AtomicLong gamesPublished = new AtomicLong();
    private final AtomicLong evalsPublished = new AtomicLong();
    private volatile boolean stopping;
    private Thread recovery;
    private RetiredRuns retired;
    private final SlotActivity activity = new SlotActivity();
    private Heartbeats heartbeats;

    /** How often a worker looks for transactions that dead slots left open. */
    private static final java.time.Duration RECOVERY_PERIOD = java.time.Duration.ofSeconds(10);

    public Worker(Config config, PlayerFactory players) {
        this(config, players, ArtifactCache.standard());
    }

    /** {@code engines}: where published engines are kept ({@link ArtifactCache}). */
    public Worker(Config config, PlayerFactory players, ArtifactCache engines) {
        this.config = config;
        this.players =
                new ArtifactPlayers(players, engines, config.kafka(), config.topics().engines());
        this.finished = new CountDownLatch(config.concurrency());
    }

    /** Creates the topics if needed and starts the slots; returns at once. */
    public void start() {
        config.topics().ensure(config.kafka());
        String version = softwareVersion();
        retired = RetiredRuns.follow(config.kafka(), config.topics());
        for (int i = 0; i < config.concurrency(); i++) {
            TaskSlot slot =
                    new TaskSlot(
                            config,
                            i,
                            players,
                            new TaskGames(config.workerId(), version),
                            new TaskEvals(config.workerId(), version),
                            new TaskPositions(new TaskGames(config.workerId(), version)),
                            () -> stopping,
                            retired,
                            gamesPublished,
                            evalsPublished,
                            activity);
            slots.add(slot);
            Thread t =
                    new Thread(
                            () -> {
                                try {
                                    slot.run();
                                } catch (RuntimeException | Error e) {
                                    LOG.error("slot {} failed", slot.name(), e);
                                } finally {
                                    finished.countDown();
                                }
                            },
                            "selfplay-" + slot.name());
            threads.add(t);
            t.start();
        }
        try {
            heartbeats =
                    Heartbeats.start(
                            config,
                            version,
                            activity,
                            gamesPublished::get,
                            evalsPublished::get,
                            Heartbeats.INTERVAL);
        } catch (org.apache.kafka.common.KafkaException e) {
            // the games matter, the heartbeat does not: play without it
            LOG.warn("worker {}: no heartbeat: {}", config.workerId(), e.toString());
        }
        recovery = new Thread(this::recoverHangingTransactions, "selfplay-recovery");
        recovery.setDaemon(true);
        recovery.start();
        LOG.info(
                "worker {} started: {} slot(s), group {}, tasks {}",
                config.workerId(),
                config.concurrency(),
                config.groupId(),
                config.topics().taskTopics());
    }

    /**
     * Says once whether the broker fails over slowly ({@link GroupFailover}); then settles the
     * transactions of dead slots (see {@link HangingTransactions}) at start and then every {@link
     * #RECOVERY_PERIOD} until the worker stops. Failures (broker away) are retried on the next
     * pass.
     */
    private void recoverHangingTransactions() {
        GroupFailover.warnIfSlow(config.kafka(), config.groupId());
        try (HangingTransactions hanging =
                new HangingTransactions(
                        config.kafka(), config.topics(), config.groupId(), config.workerId())) {
            while (!stopping) {
                try {
                    hanging.recover();
                } catch (java.util.concurrent.ExecutionException
                        | java.util.concurrent.TimeoutException
                        | org.apache.kafka.common.KafkaException e) {
                    LOG.debug(
                            "worker {}: looking for hanging transactions: {}",
                            config.workerId(),
                            e.toString());
                }
                for (long waited = 0;
                        waited < RECOVERY_PERIOD.toMillis() && !stopping;
                        waited += 200) {
                    Thread.sleep(200);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Blocks until every slot has ended (after {@link #stop()}). */
    public void awaitTermination() throws InterruptedException {
        finished.await();
    }

    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return finished.await(timeout, unit);
    }

    /** Asks every slot to abandon its games and leave; does not wait. */
    public void stop() {
        if (!stopping) {
            stopping = true;
            LOG.info(
                    "worker {} stopping: games in progress are abandoned uncommitted",
                    config.workerId());
        }
    }

    public long gamesPublished() {
        return gamesPublished.get();
    }

    /** PositionEval records committed by this worker's slots. */
    public long evalsPublished() {
        return evalsPublished.get();
    }

    /** Stops and waits for the slots (a minute, then interrupts them). */
    @Override
    public void close() {
        stop();
        try {
            if (!awaitTermination(60, TimeUnit.SECONDS)) {
                threads.forEach(Thread::interrupt);
                awaitTermination(10, TimeUnit.SECONDS);
            }
            if (recovery != null) {
                recovery.join(TimeUnit.SECONDS.toMillis(15));
            }
            if (retired != null) {
                retired.close();
            }
            if (heartbeats != null) {
                heartbeats.close(); // deletes this worker's record: it left, it is not lost
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** host-pid-random: unique per process, readable in records. */
    public static String defaultWorkerId() {
        String jvm = ManagementFactory.getRuntimeMXBean().getName(); // pid@host
        int at = jvm.indexOf('@');
        String id = at > 0 ? jvm.substring(at + 1) + "-" + jvm.substring(0, at) : jvm;
        return id + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static String softwareVersion() {
        String v = Worker.class.getPackage().getImplementationVersion();
        return "joseki " + (v == null ? "dev" : v);
    }
}
