package dev.joseki.selfplay.transactions;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Settles what a dead slot left unsettled: the double fault (docs/design/exactly-once.md), a worker
 * killed while the broker is away, whose retired producer's transaction the coordinator then
 * completes with markers lost ({@link OrphanedTransactions}). Nobody else knows those records, so
 * every worker looks for them ({@link #recover()}, at start and then periodically) and does what
 * the dead slot would have done.
 *
 * <p>Rules, for each open transaction of a producer id on the games, evals, dead-letter and offsets
 * partitions:
 *
 * <ol>
 *   <li>Only the project's transactional ids ({@code joseki-selfplay-…}) and only dead owners: a
 *       slot whose consumer is still a member of the workers' group settles its own ({@link
 *       TaskTransactions}). To be sure of a death (membership can lapse for a moment around a
 *       broker restart), the left-overs must also be older than {@link #GRACE}, twice the time a
 *       live slot takes to settle.
 *   <li>Only once the coordinator has completed the transaction: an open one is aborted by the
 *       coordinator at its time-out, with markers that a running broker writes.
 *   <li>Committed: the records (found by the transactional id every record carries in {@value
 *       TaskTransactions#TXN_HEADER}) are published again to the same partitions in a new
 *       transaction, then the left-overs are aborted. Aborted: the left-overs are aborted; the task
 *       offset was not committed, so the task is played again by a live slot.
 * </ol>
 *
 * A committed task offset whose marker was lost cannot be written again by anyone but a group
 * member: it is aborted, so the task is played again and its games are published a second time
 * under the same game ids, which every reader drops (the book builder and {@code KafkaExecutor}
 * dedupe by game id).
 */
public final class HangingTransactions implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HangingTransactions.class);
    private static final long TIMEOUT_S = 10;
    static final Duration GRACE = Duration.ofMinutes(2);

    /** What to do with a transaction left open on some partitions. */
    enum Action {
        /** Its owner lives or the coordinator has not completed it: look again later. */
        WAIT,
        /** Committed by the coordinator: publish the records again, then abort the left-overs. */
        REPUBLISH_THEN_ABORT,
        /** Aborted by the coordinator: abort the left-overs. */
        ABORT,
        /** Not a self-play transaction. */
        IGNORE
    }

    private final KafkaSettings kafka;
    private final Topics topics;
    private final String groupId;
    private final String workerId;
    private Admin admin;
    private int recoveries;

    public HangingTransactions(
            KafkaSettings kafka, Topics topics, String groupId, String workerId) {
        this.kafka = kafka;
        this.topics = topics;
        this.groupId = groupId;
        this.workerId = workerId;
    }

    /**
     * The slot name that owns a transactional id ({@code joseki-selfplay-SLOT-GEN}), or for a
     * recovery producer ({@code joseki-selfplay-WORKER-recovery-N}) the prefix {@code WORKER-} of
     * its worker's slots; null for an id that is not the project's.
     */
    static String owner(String transactionalId) {
        if (!transactionalId.startsWith(TaskTransactions.ID_PREFIX)) {
            return null;
        }
        String rest = transactionalId.substring(TaskTransactions.ID_PREFIX.length());
        int dash = rest.lastIndexOf('-');
        if (dash <= 0) {
            return null;
        }
        String base = rest.substring(0, dash);
        return base.endsWith("-recovery")
                ? base.substring(0, base.length() - "recovery".length())
                : base;
    }

    /**
     * Rules 1 to 3 as a table: the coordinator's outcome of the id's last transaction and its
     * owner's life.
     */
    static Action decide(
            String transactionalId,
            OrphanedTransactions.Outcome outcome,
            Set<String> liveClientIds) {
        String owner = owner(transactionalId);
        if (owner == null) {
            return Action.IGNORE;
        }
        String client = TaskTransactions.ID_PREFIX + owner;
        boolean alive =
                owner.endsWith("-")
                        ? liveClientIds.stream().anyMatch(c -> c.startsWith(client))
                        : liveClientIds.contains(client);
        if (alive || outcome == OrphanedTransactions.Outcome.IN_PROGRESS) {
            return Action.WAIT;
        }
        return outcome == OrphanedTransactions.Outcome.COMMITTED
                ? Action.REPUBLISH_THEN_ABORT
                : Action.ABORT;
    }

    /** One pass; returns the number of transactions settled. */
    public int recover() throws ExecutionException, InterruptedException, TimeoutException {
        if (admin == null) {
            admin = Admin.create(kafka.admin());
        }
        List<TopicPartition> watched =
                OrphanedTransactions.partitions(admin, TransactionAdmin.watchedTopics(topics));
        Map<Long, List<OrphanedTransactions.Orphan>> byProducer = new LinkedHashMap<>();
        long youngest = System.currentTimeMillis() - GRACE.toMillis();
        for (OrphanedTransactions.Orphan o :
                OrphanedTransactions.openTransactions(admin, watched)) {
            if (o.lastWriteMs() > youngest) {
                continue; // perhaps a live slot's, still being settled
            }
            byProducer.computeIfAbsent(o.producerId(), k -> new ArrayList<>()).add(o);
        }
        if (byProducer.isEmpty()) {
            return 0;
        }
        Set<String> live = liveClientIds();
        Collection<TransactionListing> listings =
                admin.listTransactions(
                                new ListTransactionsOptions()
                                        .filterProducerIds(byProducer.keySet()))
                        .all()
                        .get(TIMEOUT_S, TimeUnit.SECONDS);
        int settled = 0;
        for (TransactionListing l : listings) {
            List<OrphanedTransactions.Orphan> orphans = byProducer.get(l.producerId());
            if (orphans == null) {
                continue;
            }
            TransactionDescription d = OrphanedTransactions.describe(admin, l.transactionalId());
            OrphanedTransactions.Outcome outcome =
                    d.producerId() == l.producerId()
                            ? OrphanedTransactions.outcome(d.state())
                            : OrphanedTransactions.Outcome.ABORTED;
            Action action = decide(l.transactionalId(), outcome, live);
            if (action == Action.WAIT || action == Action.IGNORE) {
                continue;
            }
            LOG.warn(
                    "worker {}: {} transaction of dead slot's {} left open on {}; settling it",
                    workerId,
                    outcome,
                    l.transactionalId(),
                    orphans.stream().map(OrphanedTransactions.Orphan::partition).toList());
            if (action == Action.REPUBLISH_THEN_ABORT) {
                republish(l.transactionalId(), orphans);
            }
            OrphanedTransactions.abort(admin, orphans);
            settled++;
        }
        return settled;
    }

    private Set<String> liveClientIds()
            throws ExecutionException, InterruptedException, TimeoutException {
        Set<String> ids = new HashSet<>();
        var groups =
                admin.describeConsumerGroups(List.of(groupId))
                        .all()
                        .get(TIMEOUT_S, TimeUnit.SECONDS);
        groups.values()
                .forEach(
                        g ->
                                g.members().stream()
                                        .map(MemberDescription::clientId)
                                        .forEach(ids::add));
        return ids;
    }

    /**
     * The dead producer's records on the open output partitions (games, evals, dead letters),
     * published again.
     */
    private void republish(String deadId, List<OrphanedTransactions.Orphan> orphans) {
        List<ProducerRecord<String, byte[]>> again = new ArrayList<>();
        var props = kafka.consumer(null);
        props.put(
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_uncommitted"); // the records are in no committed range
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(props)) {
            for (OrphanedTransactions.Orphan o : orphans) {
                if (o.partition().topic().equals(TaskTransactions.OFFSETS_TOPIC)) {
                    continue;
                }
                TopicPartition tp = o.partition();
                c.assign(List.of(tp));
                c.seek(tp, o.firstOffset());
                long end = c.endOffsets(List.of(tp)).get(tp);
                while (c.position(tp) < end) {
                    for (ConsumerRecord<String, byte[]> r : c.poll(Duration.ofMillis(500))) {
                        Header h = r.headers().lastHeader(TaskTransactions.TXN_HEADER);
                        if (h != null
                                && new String(h.value(), StandardCharsets.UTF_8).equals(deadId)) {
                            RecordHeaders headers = new RecordHeaders();
                            r.headers()
                                    .forEach(
                                            x -> {
                                                if (!x.key().equals(TaskTransactions.TXN_HEADER)) {
                                                    headers.add(x);
                                                }
                                            });
                            again.add(
                                    new ProducerRecord<>(
                                            tp.topic(),
                                            tp.partition(),
                                            r.key(),
                                            r.value(),
                                            headers));
                        }
                    }
                }
            }
        }
        if (again.isEmpty()) {
            return;
        }
        String id = TaskTransactions.ID_PREFIX + workerId + "-recovery-" + recoveries++;
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(id))) {
            p.initTransactions();
            p.beginTransaction();
            for (ProducerRecord<String, byte[]> r : again) {
                r.headers().add(TaskTransactions.TXN_HEADER, id.getBytes(StandardCharsets.UTF_8));
                p.send(r);
            }
            p.commitTransaction();
        }
        LOG.info("worker {}: published {} record(s) of {} again", workerId, again.size(), deadId);
    }

    @Override
    public void close() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
            admin = null;
        }
    }
}
