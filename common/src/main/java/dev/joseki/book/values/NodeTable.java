package dev.joseki.book.values;

import java.util.Arrays;

/**
 * Open-addressing map from a 64-bit position hash to the node indexes carrying it: two flat arrays,
 * load at most one half, linear probing. Hashes may collide, so {@link #next} hands out every node
 * with the hash and the caller compares full keys (the table itself stays collision-tolerant and
 * small: 12 bytes a slot).
 */
final class NodeTable {
    private final long[] hash;
    private final int[] node;
    private final int mask;

    NodeTable(int nodes) {
        int cap = Integer.highestOneBit(Math.max(4, nodes) * 2 - 1) << 1;
        hash = new long[cap];
        node = new int[cap];
        Arrays.fill(node, -1);
        mask = cap - 1;
    }

    void put(long h, int n) {
        int s = slot(h);
        while (node[s] >= 0) {
            s = (s + 1) & mask;
        }
        hash[s] = h;
        node[s] = n;
    }

    /**
     * The node in the first slot at or after {@code from} (a slot index, start with {@link #slot})
     * holding hash h, as {@code slot << 32 | node}; -1 when there is none. Continue from the
     * returned slot + 1.
     */
    long next(long h, int from) {
        for (int s = from & mask; node[s] >= 0; s = (s + 1) & mask) {
            if (hash[s] == h) {
                return (long) s << 32 | node[s];
            }
        }
        return -1;
    }

    int slot(long h) {
        return (int) (h ^ h >>> 32) * 0x9e3779b9 >>> 1 & mask;
    }
}
