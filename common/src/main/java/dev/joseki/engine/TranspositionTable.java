package dev.joseki.engine;

/**
 * A shared transposition table of 4-entry clusters (64 bytes), sized in MB, safe for Lazy SMP
 * without locks: each entry is two longs, {@code key ^ data} and {@code data}, so a torn write (one
 * long from one thread, one from another) fails the key check instead of returning another
 * position's data (Hyatt's lockless hashing).
 *
 * <pre>
 * data bits  0-15 move16 | 16-31 score (short) | 32-47 static eval (short) | 48-55 depth + 16
 *            56-57 bound | 58-63 generation
 * </pre>
 *
 * Replacement: the same key, else an empty slot, else the entry with the lowest {@code depth - 8 *
 * age} (older searches are replaced first).
 */
public final class TranspositionTable {
    public static final int BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3;
    private static final int CLUSTER = 4;
    private static final int DEPTH_OFFSET = 16;
    private static final int ALIGN = 6;

    private long[] table;
    private int clusterMask;
    private int generation;

    public TranspositionTable(int megabytes) {
        resize(megabytes);
    }

    /**
     * Replaces the table by an empty one of about the given size (a power of two of 64-byte
     * clusters). When the JVM cannot allocate it, a 64 KB table takes its place and an
     * IllegalArgumentException says so: the engine goes on, weaker, instead of dying.
     */
    public void resize(int megabytes) {
        long bytes = Math.max(1, megabytes) * 1024L * 1024L;
        long clusters = Long.highestOneBit(bytes / (CLUSTER * 16));
        clusters = Math.min(clusters, 1L << 26);
        try {
            table = null; // let the old table go first: both may not fit at once
            table = new long[(int) clusters * CLUSTER * 2 + ALIGN];
        } catch (OutOfMemoryError e) {
            table = new long[1024 * CLUSTER * 2 + ALIGN];
            clusterMask = 1023;
            generation = 0;
            throw new IllegalArgumentException(
                    "cannot allocate "
                            + megabytes
                            + " MB for the hash table "
                            + "(JVM heap too small); using 64 KB");
        }
        clusterMask = (int) clusters - 1;
        generation = 0;
    }

    public void clear() {
        java.util.Arrays.fill(table, 0);
        generation = 0;
    }

    /** Starts a new search: entries of older generations become preferred victims. */
    public void newSearch() {
        generation = (generation + 1) & 63;
    }

    /**
     * The index of key's cluster. Clusters start ALIGN longs into the array: G1 places an array
     * this large at the start of a heap region, and its elements begin 16 bytes (two longs) after
     * that, so an offset of 6 longs puts every 64-byte cluster on one cache line instead of
     * straddling two. With another collector the offset is harmless, just not helpful.
     */
    private int cluster(long key) {
        return ((int) (key >>> 32) & clusterMask) * CLUSTER * 2 + ALIGN;
    }

    /** The data word stored for key, or 0 when absent. */
    public long probe(long key) {
        final long[] t = table;
        final int base = cluster(key);
        for (int i = base; i < base + CLUSTER * 2; i += 2) {
            final long data = t[i + 1];
            if ((t[i] ^ data) == key && data != 0) {
                return data;
            }
        }
        return 0;
    }

    public void store(long key, int move16, int score, int eval, int depth, int bound) {
        final long[] t = table;
        final int base = cluster(key);
        int victim = base, worst = Integer.MAX_VALUE;
        for (int i = base; i < base + CLUSTER * 2; i += 2) {
            final long data = t[i + 1];
            if (data == 0 || (t[i] ^ data) == key) {
                victim = i;
                if (data != 0 && move16 == 0) {
                    move16 = move16(data); // keep the old best move when the new result has none
                }
                break;
            }
            final int age = (generation - generation(data)) & 63;
            final int value = depth(data) - 8 * age;
            if (value < worst) {
                worst = value;
                victim = i;
            }
        }
        final long data =
                (move16 & 0xffffL)
                        | (score & 0xffffL) << 16
                        | (eval & 0xffffL) << 32
                        | (long) ((depth + DEPTH_OFFSET) & 0xff) << 48
                        | (long) bound << 56
                        | (long) generation << 58;
        t[victim] = key ^ data;
        t[victim + 1] = data;
    }

    public static int move16(long data) {
        return (int) (data & 0xffff);
    }

    public static int score(long data) {
        return (short) (data >>> 16);
    }

    public static int eval(long data) {
        return (short) (data >>> 32);
    }

    public static int depth(long data) {
        return (int) ((data >>> 48) & 0xff) - DEPTH_OFFSET;
    }

    public static int bound(long data) {
        return (int) ((data >>> 56) & 3);
    }

    private static int generation(long data) {
        return (int) (data >>> 58) & 63;
    }

    /** Permille of sampled entries written in the current search (USI "hashfull"). */
    public int hashfull() {
        int used = 0, sample = Math.min(1000, table.length / 2);
        for (int i = 0; i < sample; i++) {
            long data = table[ALIGN + i * 2 + 1];
            if (data != 0 && generation(data) == generation) {
                used++;
            }
        }
        return sample == 0 ? 0 : used * 1000 / sample;
    }
}
