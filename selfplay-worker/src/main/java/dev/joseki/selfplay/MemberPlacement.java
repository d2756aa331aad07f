package dev.joseki.selfplay;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Where a run that keeps a window of tasks on the workers sends its next task: to a partition of
 * the group member (worker slot) with the fewest of the run's tasks unanswered, so the slot that
 * just answered gets the next one, each member's partitions taken in turn. With no group
 * description (no rights, or no member yet), round-robin over every partition in {@link
 * TaskPlacement} order.
 *
 * <p>The membership is read again every {@link #REFRESH}: workers come and go, and a group still
 * forming when the run began (one member holding every partition for its first seconds) has settled
 * since. Placed by the first reading alone, the tasks went to one member's partitions in runs of
 * its partition count, and the other members idled while its queue lasted.
 *
 * <p>Not thread-safe: one thread places and answers.
 *
 * @param <K> the run's task key
 */
final class MemberPlacement<K> {
    static final Duration REFRESH = Duration.ofSeconds(30);

    private final Supplier<List<List<Integer>>> describe;
    private final IntSupplier partitionCount;
    private final LongSupplier nanoTime;

    /** task → partition, while unanswered. */
    private final Map<K, Integer> unanswered = new HashMap<>();

    /** The next of its partitions per member index, as of the last reading. */
    private int[] nextOfMember = new int[0];

    private List<List<Integer>> members = List.of();
    private long readAt;
    private boolean read;
    private int roundRobin;
    private List<Integer> allPartitions;

    /**
     * @param describe each member's task partitions, sorted (empty when unknown): {@link
     *     SelfPlayRun#memberPartitions}
     * @param partitionCount the task topic's partitions, asked when first needed
     */
    MemberPlacement(
            Supplier<List<List<Integer>>> describe,
            IntSupplier partitionCount,
            LongSupplier nanoTime) {
        this.describe = describe;
        this.partitionCount = partitionCount;
        this.nanoTime = nanoTime;
    }

    MemberPlacement(Supplier<List<List<Integer>>> describe, IntSupplier partitionCount) {
        this(describe, partitionCount, System::nanoTime);
    }

    /** The partition for a new task, which counts as unanswered until {@link #answered}. */
    int place(K task) {
        refresh();
        int partition;
        if (members.isEmpty()) {
            if (allPartitions == null) {
                allPartitions = TaskPlacement.order(List.of(), partitionCount.getAsInt());
            }
            partition = allPartitions.get(roundRobin++ % allPartitions.size());
        } else {
            int m = TaskPlacement.leastLoaded(members, unanswered.values());
            List<Integer> own = members.get(m);
            partition = own.get(nextOfMember[m]++ % own.size());
        }
        unanswered.put(task, partition);
        return partition;
    }

    /** The task came back (or will not): it no longer loads its member. */
    void answered(K task) {
        unanswered.remove(task);
    }

    int unanswered() {
        return unanswered.size();
    }

    private void refresh() {
        long now = nanoTime.getAsLong();
        if (read && now - readAt < REFRESH.toNanos()) {
            return;
        }
        read = true;
        readAt = now;
        members = describe.get();
        nextOfMember = new int[members.size()];
    }
}
