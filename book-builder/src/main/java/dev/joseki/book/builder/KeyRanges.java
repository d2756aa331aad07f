package dev.joseki.book.builder;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Range partitioning of book rows by group key (index byte ‖ index key) without a sampling pass
 * over the exploded rows: the boundaries are quantiles of the group keys of a small sample of the
 * games. All moves of one index key fall into one partition (the partition depends on the group key
 * only), partitions are ordered by key, so each partition's SST files never overlap another's and
 * RocksDB ingests them straight into the last level. A skewed sample only makes partitions uneven,
 * never wrong.
 */
final class KeyRanges implements Serializable {
    private static final long serialVersionUID = 1L;
    static final KeyRanges SINGLE = new KeyRanges(new byte[0][]);

    /** Partition p holds the keys in [bounds[p-1], bounds[p]), unsigned byte order. */
    private final byte[][] bounds;

    private KeyRanges(byte[][] bounds) {
        this.bounds = bounds;
    }

    /**
     * Boundaries splitting the sampled group keys (in any order) into at most n ranges of equal
     * size.
     */
    static KeyRanges of(List<byte[]> sample, int n) {
        byte[][] keys = sample.toArray(new byte[0][]);
        Arrays.sort(keys, Arrays::compareUnsigned);
        List<byte[]> b = new ArrayList<>();
        for (int p = 1; p < n && keys.length > 0; p++) {
            byte[] k = keys[(int) ((long) p * keys.length / n)];
            if (b.isEmpty() || Arrays.compareUnsigned(b.get(b.size() - 1), k) < 0) {
                b.add(k);
            }
        }
        return new KeyRanges(b.toArray(new byte[0][]));
    }

    int partitions() {
        return bounds.length + 1;
    }

    /** The partition of the group key key[0 .. length). */
    int partition(byte[] key, int length) {
        int lo = 0, hi = bounds.length; // answer = number of bounds ≤ key
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Arrays.compareUnsigned(bounds[mid], 0, bounds[mid].length, key, 0, length) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
