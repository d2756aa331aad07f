package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.records.proto.SelfPlayTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The games of a tournament whose tasks still wait for the workers: on the tasks topic at or past
 * the workers' group's committed offsets. An interrupted run leaves up to its window of them
 * behind; the workers will still play each one, so a re-run counts them as in flight instead of
 * sending them again (a task sent twice is played twice and the second game thrown away: on a
 * 2-core machine a third of the games after a resume were such repeats).
 *
 * <p>A task being played when its worker died is also past the committed offset (the offset is
 * committed in the transaction that publishes the game), and is replayed by the group: it too
 * counts as queued.
 */
final class QueuedTasks {
    private static final Logger LOG = LoggerFactory.getLogger(QueuedTasks.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private QueuedTasks() {}

    /**
     * Game numbers of {@code tournamentId} whose tasks sit on {@code tasksTopic} not yet taken by
     * {@code groupId}, leaving out those below {@code retiredAt} (partition → offset; null when the
     * tournament was never retired), which the workers will commit unplayed.
     */
    static Set<Integer> of(
            KafkaSettings kafka,
            String tasksTopic,
            String groupId,
            String tournamentId,
            Map<Integer, Long> retiredAt) {
        Set<Integer> queued = new TreeSet<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(kafka.consumer(null))) {
            List<TopicPartition> parts =
                    TopicScan.partitions(consumer.partitionsFor(tasksTopic, TIMEOUT));
            Map<TopicPartition, OffsetAndMetadata> committed = committed(kafka, groupId);
            // 1. From where the group will go on reading: its committed offset, else (a new group,
            //    which the workers start at the earliest offset) the beginning of the partition.
            TopicScan.assignFromStart(consumer, parts);
            for (TopicPartition tp : parts) {
                OffsetAndMetadata c = committed.get(tp);
                if (c != null) {
                    consumer.seek(tp, c.offset());
                }
            }
            // 2. To the end as it is now: every task key of this tournament on the way is still
            // queued.
            boolean complete =
                    TopicScan.toEnd(
                            consumer,
                            parts,
                            TIMEOUT,
                            r -> {
                                boolean retired =
                                        retiredAt != null
                                                && r.offset()
                                                        < retiredAt.getOrDefault(r.partition(), 0L);
                                if (!retired) {
                                    queued.addAll(gameNumbers(tournamentId, r.key(), r.value()));
                                }
                            });
            if (!complete) {
                // a backlog too long to read: the tasks not seen are sent again, which costs
                // repeats, not games
                LOG.warn(
                        "reading the queued tasks of {} took more than {} s; stopped after {}"
                                + " of this tournament",
                        tasksTopic,
                        TIMEOUT.toSeconds(),
                        queued.size());
            }
        }
        return queued;
    }

    /**
     * The tournament's game numbers a task record stands for: one for a game's own task, those of
     * its parts for a batch task (the only records whose value is read), none for another's.
     */
    static List<Integer> gameNumbers(String tournamentId, String key, byte[] value) {
        if (key == null) {
            return List.of();
        }
        int n = TournamentGames.gameNumber(tournamentId, key + "/0");
        if (n >= 0) {
            return List.of(n);
        }
        if (!TournamentGames.isBatchTaskId(tournamentId, key) || value == null) {
            return List.of();
        }
        try {
            List<Integer> out = new ArrayList<>();
            for (SelfPlayTask part : SelfPlayTask.parseFrom(value).getBatchList()) {
                int g = TournamentGames.gameNumber(tournamentId, part.getTaskId() + "/0");
                if (g >= 0) {
                    out.add(g);
                }
            }
            return out;
        } catch (InvalidProtocolBufferException e) {
            return List.of(); // the workers send it to the dead-letter topic: never played
        }
    }

    private static Map<TopicPartition, OffsetAndMetadata> committed(
            KafkaSettings kafka, String groupId) {
        try (Admin admin = Admin.create(kafka.admin())) {
            return admin.listConsumerGroupOffsets(groupId)
                    .partitionsToOffsetAndMetadata()
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(
                    "cannot read the committed offsets of group " + groupId + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "interrupted while reading the offsets of group " + groupId, e);
        }
    }
}
