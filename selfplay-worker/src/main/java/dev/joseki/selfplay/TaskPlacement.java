package dev.joseki.selfplay;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which task partition each new task goes to. A partition is consumed by one worker slot, so a
 * short run whose tasks fill only the first partitions would leave most slots idle. When the
 * workers' group is known, tasks go round-robin over the members, each member's partitions taken in
 * turn; otherwise in van der Corput (bit-reversed) order, which spreads any prefix of the tasks
 * evenly over every range of partitions (the server-side assignor hands out contiguous ranges).
 */
final class TaskPlacement {
    private TaskPlacement() {}

    /**
     * The partition order for tasks: member 0's first partition, member 1's first, …, member 0's
     * second, …; partitions of no member follow. With no members, bit-reversed order.
     */
    static List<Integer> order(List<List<Integer>> memberPartitions, int partitionCount) {
        List<Integer> out = new ArrayList<>();
        int longest = memberPartitions.stream().mapToInt(List::size).max().orElse(0);
        for (int k = 0; k < longest; k++) {
            for (List<Integer> m : memberPartitions) {
                if (k < m.size() && !out.contains(m.get(k))) {
                    out.add(m.get(k));
                }
            }
        }
        for (int p : bitReversed(partitionCount)) {
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * The member (an index into memberPartitions) holding the fewest of the busy partitions (one
     * entry per unanswered task, repeats counted); the first of those on a tie.
     */
    static int leastLoaded(List<List<Integer>> memberPartitions, Collection<Integer> busy) {
        Map<Integer, Integer> load = new HashMap<>();
        for (int p : busy) {
            load.merge(p, 1, Integer::sum);
        }
        int best = 0, bestLoad = Integer.MAX_VALUE;
        for (int m = 0; m < memberPartitions.size(); m++) {
            int l = 0;
            for (int p : memberPartitions.get(m)) {
                l += load.getOrDefault(p, 0);
            }
            if (l < bestLoad) {
                bestLoad = l;
                best = m;
            }
        }
        return best;
    }

    /**
     * 0..n-1 in van der Corput order: 0, n/2, n/4, 3n/4, … (for any n, by reversing over the next
     * power of two).
     */
    static List<Integer> bitReversed(int n) {
        int bits = 0;
        while ((1 << bits) < n) {
            bits++;
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < (1 << bits); i++) {
            int r = bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits);
            if (r < n) {
                out.add(r);
            }
        }
        return out;
    }
}
