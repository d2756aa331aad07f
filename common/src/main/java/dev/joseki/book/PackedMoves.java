package dev.joseki.book;

import java.util.Arrays;

/**
 * The stored value of one index key: every move seen under that key with its statistics, so that a
 * probe reads a position's (or a pattern's) moves with one point lookup instead of an iterator
 * scan.
 *
 * <pre>
 *  byte 0                 {@link BookLayout#VERSION}
 *  then n records of 22 B, sorted by move16 ascending, no move twice:
 *      move16 (2 B) ‖ count ‖ wins ‖ draws ‖ losses (4 B each) ‖ minPly ‖ maxPly (2 B each)
 * </pre>
 *
 * All numbers unsigned big-endian. A record without its move16 is exactly the 20 bytes that follow
 * the version byte of a single entry's value ({@link BookLayout#encode}).
 */
public final class PackedMoves {
    public static final int RECORD_LENGTH = 2 + 20;

    private PackedMoves() {}

    /** Number of moves in a packed value; rejects values of another layout version. */
    public static int size(byte[] v) {
        if (v.length == 0 || v[0] != BookLayout.VERSION || (v.length - 1) % RECORD_LENGTH != 0) {
            throw new IllegalArgumentException(
                    "book value has length "
                            + v.length
                            + " and version "
                            + (v.length > 0 ? v[0] : -1)
                            + "; this reader knows version "
                            + BookLayout.VERSION
                            + " (1 + 22 bytes per move)");
        }
        return (v.length - 1) / RECORD_LENGTH;
    }

    public static int move16(byte[] v, int i) {
        int at = 1 + i * RECORD_LENGTH;
        return (v[at] & 0xff) << 8 | (v[at + 1] & 0xff);
    }

    public static long count(byte[] v, int i) {
        return u32(v, 1 + i * RECORD_LENGTH + 2);
    }

    public static MoveStats stats(byte[] v, int i) {
        int at = 1 + i * RECORD_LENGTH + 2;
        return new MoveStats(
                u32(v, at),
                u32(v, at + 4),
                u32(v, at + 8),
                u32(v, at + 12),
                u16(v, at + 16),
                u16(v, at + 18));
    }

    /** Record i as a single entry's value ({@link BookLayout#encode} form). */
    public static byte[] entryValue(byte[] v, int i) {
        byte[] e = new byte[BookLayout.VALUE_LENGTH];
        e[0] = BookLayout.VERSION;
        System.arraycopy(v, 1 + i * RECORD_LENGTH + 2, e, 1, BookLayout.VALUE_LENGTH - 1);
        return e;
    }

    /**
     * Index of a move in a packed value, or a negative number (binary search over the sorted
     * records).
     */
    public static int indexOf(byte[] v, int move16) {
        int lo = 0, hi = size(v) - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int m = move16(v, mid);
            if (m < move16) {
                lo = mid + 1;
            } else if (m > move16) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /**
     * Builds a packed value from moves added in strictly increasing move16 order (checked), with
     * primitive fields so that the builder can be reused for millions of keys without allocating
     * per move.
     */
    public static final class Builder {
        private byte[] buf = new byte[1 + 16 * RECORD_LENGTH];
        private int n;
        private int lastMove = -1;

        public Builder() {
            buf[0] = BookLayout.VERSION;
        }

        public Builder add(
                int move16,
                long count,
                long wins,
                long draws,
                long losses,
                int minPly,
                int maxPly) {
            if (move16 <= lastMove || move16 > 0xffff) {
                throw new IllegalArgumentException(
                        "moves must be added in increasing move16 order: "
                                + move16
                                + " after "
                                + lastMove);
            }
            if (wins < 0 || draws < 0 || losses < 0 || wins + draws + losses > count) {
                throw new IllegalArgumentException(
                        "inconsistent move stats "
                                + count
                                + "/"
                                + wins
                                + "/"
                                + draws
                                + "/"
                                + losses);
            }
            int at = 1 + n * RECORD_LENGTH;
            if (at + RECORD_LENGTH > buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            buf[at] = (byte) (move16 >>> 8);
            buf[at + 1] = (byte) move16;
            putU32(buf, at + 2, count);
            putU32(buf, at + 6, wins);
            putU32(buf, at + 10, draws);
            putU32(buf, at + 14, losses);
            putU16(buf, at + 18, minPly);
            putU16(buf, at + 20, maxPly);
            n++;
            lastMove = move16;
            return this;
        }

        public Builder add(int move16, MoveStats s) {
            return add(move16, s.count(), s.wins(), s.draws(), s.losses(), s.minPly(), s.maxPly());
        }

        /** Copies record i of a packed value. */
        public Builder add(byte[] v, int i) {
            int at = 1 + i * RECORD_LENGTH + 2;
            return add(
                    move16(v, i),
                    u32(v, at),
                    u32(v, at + 4),
                    u32(v, at + 8),
                    u32(v, at + 12),
                    u16(v, at + 16),
                    u16(v, at + 18));
        }

        public int size() {
            return n;
        }

        public byte[] build() {
            return Arrays.copyOf(buf, 1 + n * RECORD_LENGTH);
        }

        public Builder clear() {
            n = 0;
            lastMove = -1;
            return this;
        }
    }

    /**
     * Two packed values of the same key merged: moves present in both get their counts summed and
     * their ply ranges joined (an incremental build adding a batch to the previous book).
     */
    public static byte[] merge(byte[] a, byte[] b) {
        int na = size(a), nb = size(b);
        Builder out = new Builder();
        int i = 0, j = 0;
        while (i < na || j < nb) {
            int ma = i < na ? move16(a, i) : Integer.MAX_VALUE;
            int mb = j < nb ? move16(b, j) : Integer.MAX_VALUE;
            if (ma < mb) {
                out.add(a, i++);
            } else if (mb < ma) {
                out.add(b, j++);
            } else {
                out.add(ma, stats(a, i++).plus(stats(b, j++)));
            }
        }
        return out.build();
    }

    /** Number of moves of b that a does not hold (both sorted). */
    public static int movesNotIn(byte[] a, byte[] b) {
        int na = size(a), nb = size(b);
        int i = 0, fresh = 0;
        for (int j = 0; j < nb; j++) {
            int mb = move16(b, j);
            while (i < na && move16(a, i) < mb) {
                i++;
            }
            if (i == na || move16(a, i) != mb) {
                fresh++;
            }
        }
        return fresh;
    }

    static void putU32(byte[] v, int at, long x) {
        if (x < 0 || x > 0xffff_ffffL) {
            throw new IllegalArgumentException(
                    "count " + x + " does not fit the book's 32-bit field");
        }
        v[at] = (byte) (x >>> 24);
        v[at + 1] = (byte) (x >>> 16);
        v[at + 2] = (byte) (x >>> 8);
        v[at + 3] = (byte) x;
    }

    static void putU16(byte[] v, int at, int x) {
        int c = Math.max(0, Math.min(0xffff, x));
        v[at] = (byte) (c >>> 8);
        v[at + 1] = (byte) c;
    }

    static long u32(byte[] v, int at) {
        return (v[at] & 0xffL) << 24
                | (v[at + 1] & 0xffL) << 16
                | (v[at + 2] & 0xffL) << 8
                | (v[at + 3] & 0xffL);
    }

    static int u16(byte[] v, int at) {
        return (v[at] & 0xff) << 8 | (v[at + 1] & 0xff);
    }
}
