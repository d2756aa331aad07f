package dev.joseki.selfplay;

import com.google.protobuf.Timestamp;
import dev.joseki.records.proto.WorkerHeartbeat;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's heartbeat on the workers topic ({@code Topics.workers()}, compacted, keyed by the
 * worker id): every {@link #INTERVAL} a {@link WorkerHeartbeat} saying its host, process, slots,
 * engines, the task of each slot and the games and positions it committed. A worker killed sends
 * nothing more, and a reader marks it lost after a few intervals; a worker that stops deletes its
 * record (a tombstone). Sending is best effort: a broker away costs heartbeats, never games.
 */
final class Heartbeats implements AutoCloseable {
    static final Duration INTERVAL = Duration.ofSeconds(3);
    private static final Logger LOG = LoggerFactory.getLogger(Heartbeats.class);

    private final Worker.Config config;
    private final String version;
    private final SlotActivity activity;
    private final LongSupplier games;
    private final LongSupplier positions;
    private final Duration interval;
    private final KafkaProducer<String, byte[]> producer;
    private final Thread thread;
    private volatile boolean closed;

    private Heartbeats(
            Worker.Config config,
            String version,
            SlotActivity activity,
            LongSupplier games,
            LongSupplier positions,
            Duration interval) {
        this.config = config;
        this.version = version;
        this.activity = activity;
        this.games = games;
        this.positions = positions;
        this.interval = interval;
        var props = config.kafka().producer(null);
        // A heartbeat is stale after a few intervals: give up on one by then rather than queue
        // it behind the next (delivery must cover linger + request, else the client refuses).
        int window = (int) interval.toMillis() * 3;
        props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, window);
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, window + 1000);
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) interval.toMillis());
        this.producer = new KafkaProducer<>(props);
        this.thread = new Thread(this::beat, "worker-heartbeat");
        thread.setDaemon(true);
    }

    static Heartbeats start(
            Worker.Config config,
            String version,
            SlotActivity activity,
            LongSupplier games,
            LongSupplier positions,
            Duration interval) {
        Heartbeats h = new Heartbeats(config, version, activity, games, positions, interval);
        h.thread.start();
        return h;
    }

    WorkerHeartbeat current(Instant now) {
        String jvm = ManagementFactory.getRuntimeMXBean().getName(); // pid@host
        int at = jvm.indexOf('@');
        return WorkerHeartbeat.newBuilder()
                .setWorkerId(config.workerId())
                .setHost(at > 0 ? jvm.substring(at + 1) : RunBoard.host())
                .setPid(ProcessHandle.current().pid())
                .setSlots(config.concurrency())
                .addAllEngines(activity.engines())
                .addAllTasks(activity.tasks())
                .setGamesDone(games.getAsLong())
                .setPositionsDone(positions.getAsLong())
                .setSentAt(
                        Timestamp.newBuilder()
                                .setSeconds(now.getEpochSecond())
                                .setNanos(now.getNano()))
                .setIntervalMs((int) interval.toMillis())
                .setSoftwareVersion(version)
                .build();
    }

    private void beat() {
        while (!closed) {
            send(current(Instant.now()).toByteArray());
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void send(byte[] value) {
        try {
            producer.send(
                    new ProducerRecord<>(config.topics().workers(), config.workerId(), value),
                    (md, e) -> {
                        if (e != null) {
                            LOG.debug("heartbeat not sent: {}", e.toString());
                        }
                    });
        } catch (KafkaException e) {
            LOG.debug("heartbeat not sent: {}", e.toString());
        }
    }

    /** Stops beating and deletes this worker's record. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        send(null);
        producer.close(Duration.ofSeconds(5));
    }
}
