package dev.joseki.book.values;

import java.util.Arrays;

/**
 * The full keys of the book's nodes, concatenated into one byte array (33 bytes a position, no
 * object per key: ten million keys take 330 MB plus 40 MB of offsets). Node i's key is bytes {@code
 * offset[i] .. offset[i + 1] − 1}. Appended in key order for the full index's positions.
 */
public final class NodeKeys {
    private byte[] data = new byte[1 << 10];
    private int[] offset = new int[65];
    private int size;

    public int size() {
        return size;
    }

    public int add(byte[] key) {
        int end = offset[size];
        if ((long) end + key.length > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException(
                    "more than 2 GB of position keys: the book is too large to propagate in"
                            + " memory");
        }
        if (end + key.length > data.length) {
            data =
                    Arrays.copyOf(
                            data,
                            (int)
                                    Math.min(
                                            Integer.MAX_VALUE - 16,
                                            Math.max((long) data.length * 2, end + key.length)));
        }
        if (size + 2 > offset.length) {
            offset = Arrays.copyOf(offset, offset.length * 2);
        }
        System.arraycopy(key, 0, data, end, key.length);
        offset[size + 1] = end + key.length;
        return size++;
    }

    public byte[] key(int i) {
        return Arrays.copyOfRange(data, offset[i], offset[i + 1]);
    }

    /**
     * Unsigned byte order of node i's key against a key (the order of RocksDB's default
     * comparator).
     */
    public int compare(int i, byte[] key, int keyLength) {
        return Arrays.compareUnsigned(data, offset[i], offset[i + 1], key, 0, keyLength);
    }

    public boolean equals(int i, byte[] key) {
        return Arrays.equals(data, offset[i], offset[i + 1], key, 0, key.length);
    }
}
