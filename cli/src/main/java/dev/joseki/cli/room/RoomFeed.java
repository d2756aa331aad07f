package dev.joseki.cli.room;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.WorkerHeartbeat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * Reads the runs, workers and games topics (and the train games topic) into a {@link RoomView},
 * from their beginning, with one consumer of no group: it assigns the partitions itself and commits
 * nothing, so any number of servers read the same broker without taking records from each other,
 * and never write to it.
 *
 * <ol>
 *   <li>Wait until the broker answers and the topics exist ("broker unreachable" until then).
 *   <li>Read the runs topic to its end, so the runs are known before their games.
 *   <li>Follow all three topics. A game record is parsed only when its key names a known run; a run
 *       that appears later may have games already passed over (a run resumed under its id), so the
 *       games are read again from their beginning (adding a game is idempotent).
 *   <li>Every {@link #CHECK} the end offsets are asked for with a time-out: a broker that does not
 *       answer is marked unreachable on the pages until it answers again (the consumer then goes on
 *       where it was).
 * </ol>
 */
final class RoomFeed implements AutoCloseable {
    static final Duration CHECK = Duration.ofSeconds(2);
    private static final Duration POLL = Duration.ofMillis(250);

    private final KafkaSettings kafka;
    private final Topics topics;
    private final RoomView view;
    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread thread;
    private volatile boolean closed;

    RoomFeed(KafkaSettings kafka, Topics topics, RoomView view) {
        this.kafka = kafka;
        this.topics = topics;
        this.view = view;
        this.consumer = new KafkaConsumer<>(kafka.consumer(null));
        this.thread = new Thread(this::run, "room-feed");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void run() {
        try {
            while (!closed) {
                try {
                    readAndFollow();
                    return;
                } catch (WakeupException e) {
                    throw e;
                } catch (KafkaException e) {
                    // the broker went away while the runs were read: start again
                    view.brokerProblem(
                            "broker unreachable at "
                                    + kafka.bootstrapServers()
                                    + ": "
                                    + e.getMessage());
                    Thread.sleep(CHECK.toMillis() / 2);
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            consumer.close();
        }
    }

    private void readAndFollow() throws InterruptedException {
        List<TopicPartition> runs = awaitPartitions(topics.runs());
        // the games of tournaments and self-play runs, and those of training data runs
        List<TopicPartition> games = new ArrayList<>(awaitPartitions(topics.games()));
        games.addAll(awaitPartitions(topics.trainGames()));
        List<TopicPartition> workers = awaitPartitions(topics.workers());
        // 2. the runs first
        consumer.assign(runs);
        consumer.seekToBeginning(runs);
        Map<TopicPartition, Long> end = consumer.endOffsets(runs, CHECK);
        while (!closed && runs.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
            for (ConsumerRecord<String, byte[]> r : consumer.poll(POLL)) {
                run(r);
            }
        }
        view.brokerProblem(null);
        // 3. everything
        List<TopicPartition> all = new ArrayList<>(runs);
        all.addAll(games);
        all.addAll(workers);
        consumer.assign(all);
        consumer.seekToBeginning(games);
        consumer.seekToBeginning(workers);
        follow(all, games);
    }

    private void follow(List<TopicPartition> all, List<TopicPartition> games) {
        long nextCheck = 0;
        while (!closed) {
            if (System.nanoTime() - nextCheck >= 0) {
                check(all);
                nextCheck = System.nanoTime() + CHECK.toNanos();
            }
            boolean newRun = false;
            try {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(POLL)) {
                    if (r.topic().equals(topics.runs())) {
                        newRun |= run(r);
                    } else if (r.topic().equals(topics.workers())) {
                        worker(r);
                    } else {
                        game(r);
                    }
                }
            } catch (WakeupException e) {
                throw e;
            } catch (KafkaException e) {
                view.brokerProblem("broker unreachable: " + e.getMessage());
            }
            if (newRun) {
                consumer.seekToBeginning(games);
            }
        }
    }

    /** 4. Whether the broker answers, within {@link #CHECK}. */
    private void check(List<TopicPartition> all) {
        try {
            consumer.endOffsets(all, CHECK);
            view.brokerProblem(null);
        } catch (WakeupException e) {
            throw e;
        } catch (KafkaException e) {
            view.brokerProblem(
                    "broker unreachable at " + kafka.bootstrapServers() + ": " + e.getMessage());
        }
    }

    /** 1. The topic's partitions, once the broker answers and the topic exists. */
    private List<TopicPartition> awaitPartitions(String topic) throws InterruptedException {
        while (!closed) {
            try {
                List<PartitionInfo> infos = consumer.partitionsFor(topic, CHECK);
                if (infos != null && !infos.isEmpty()) {
                    List<TopicPartition> parts = new ArrayList<>();
                    for (PartitionInfo pi : infos) {
                        parts.add(new TopicPartition(pi.topic(), pi.partition()));
                    }
                    return parts;
                }
                view.brokerProblem("waiting for topic " + topic + " on the broker");
            } catch (WakeupException e) {
                throw e;
            } catch (KafkaException e) {
                view.brokerProblem(
                        "broker unreachable at "
                                + kafka.bootstrapServers()
                                + ": "
                                + e.getMessage());
            }
            Thread.sleep(CHECK.toMillis() / 2);
        }
        throw new WakeupException();
    }

    private boolean run(ConsumerRecord<String, byte[]> r) {
        if (r.value() == null) {
            return false;
        }
        try {
            return view.apply(RunInfo.parseFrom(r.value()));
        } catch (InvalidProtocolBufferException | IllegalArgumentException e) {
            System.err.println("serve: run record " + r.key() + " ignored: " + e.getMessage());
            return false;
        }
    }

    private void worker(ConsumerRecord<String, byte[]> r) {
        if (r.key() == null) {
            return;
        }
        try {
            view.apply(r.key(), r.value() == null ? null : WorkerHeartbeat.parseFrom(r.value()));
        } catch (InvalidProtocolBufferException e) {
            System.err.println("serve: heartbeat " + r.key() + " ignored: " + e.getMessage());
        }
    }

    private void game(ConsumerRecord<String, byte[]> r) {
        if (r.value() == null || !knownRun(r.key())) {
            return; // not a game of a known run: not even parsed
        }
        try {
            view.add(GameRecord.parseFrom(r.value()));
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            System.err.println("serve: game " + r.key() + " ignored: " + e.getMessage());
        }
    }

    /**
     * Whether a game key names a known run: a tournament's game is RUN-gN/0, a self-play run's
     * RUN-N/K (its task RUN-N).
     */
    private boolean knownRun(String key) {
        if (key == null) {
            return false;
        }
        int g = key.lastIndexOf("-g");
        if (g > 0 && view.knows(key.substring(0, g))) {
            return true;
        }
        int slash = key.lastIndexOf('/');
        int dash = slash < 0 ? -1 : key.lastIndexOf('-', slash);
        return dash > 0 && view.knows(key.substring(0, dash));
    }

    @Override
    public void close() {
        closed = true;
        consumer.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
