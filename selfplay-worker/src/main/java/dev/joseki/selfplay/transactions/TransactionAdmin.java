package dev.joseki.selfplay.transactions;

import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.transactions.TaskTransactions.AdminTrouble;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TransactionalIdNotFoundException;

/**
 * What {@link TaskTransactions} asks the cluster about its transactions: how the coordinator sees a
 * transactional id, and which transactions of a producer id are still open on the partitions a
 * worker writes. Every failure of a request is an {@link AdminTrouble}, so that the slot does not
 * retire its producer for it.
 */
final class TransactionAdmin implements AutoCloseable {
    private final Admin admin;
    private final Topics topics;

    /**
     * Where a producer id can leave open transactions: output ({@link Topics#outputs}) and group
     * offsets partitions; looked up on first use.
     */
    private List<TopicPartition> watched;

    /** The coordinator's view of a transactional id. */
    record TxnState(long producerId, int epoch, OrphanedTransactions.Outcome outcome) {}

    TransactionAdmin(Admin admin, Topics topics) {
        this.admin = admin;
        this.topics = topics;
    }

    TxnState describe(String txnId) {
        return call(
                () -> {
                    var d = OrphanedTransactions.describe(admin, txnId);
                    return new TxnState(
                            d.producerId(),
                            d.producerEpoch(),
                            OrphanedTransactions.outcome(d.state()));
                });
    }

    /** The transactions of producerId still open on the watched partitions. */
    List<OrphanedTransactions.Orphan> orphans(long producerId) {
        return call(
                () -> {
                    if (watched == null) {
                        watched = OrphanedTransactions.partitions(admin, watchedTopics(topics));
                    }
                    return OrphanedTransactions.openTransactions(admin, watched, producerId);
                });
    }

    void abort(List<OrphanedTransactions.Orphan> orphans) {
        call(
                () -> {
                    OrphanedTransactions.abort(admin, orphans);
                    return null;
                });
    }

    /**
     * The topics where a worker's producer can leave a transaction open: its outputs and the group
     * offsets.
     */
    static List<String> watchedTopics(Topics topics) {
        List<String> t = new ArrayList<>(topics.outputs());
        t.add(TaskTransactions.OFFSETS_TOPIC);
        return t;
    }

    interface AdminCall<T> {
        T run()
                throws ExecutionException,
                        InterruptedException,
                        java.util.concurrent.TimeoutException;
    }

    /**
     * Admin failures become {@link AdminTrouble}, except that a transactional id unknown to the
     * coordinator stays a {@link TransactionalIdNotFoundException}.
     */
    static <T> T call(AdminCall<T> c) {
        try {
            return c.run();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TransactionalIdNotFoundException k) {
                throw k;
            }
            throw new AdminTrouble("admin request failed: " + e.getCause(), e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AdminTrouble("admin request timed out", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AdminTrouble("interrupted", e);
        }
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(5));
    }
}
