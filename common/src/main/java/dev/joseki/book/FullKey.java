package dev.joseki.book;

import dev.joseki.rules.PackedPosition;
import dev.joseki.rules.Position;

/**
 * Full-match key: the exact position seen by its mover — board, both hands and side to move (always
 * the mover after {@link MoverView#of}) — as {@link PackedPosition}, which is collision-free. Two
 * positions get equal keys iff they are equal or colour-flipped twins. The move number is not part
 * of it (transpositions reached at different plies share the entry; the entry keeps min/max ply).
 *
 * <pre>
 *  byte  0      n = length of the packed position (32 for every position with one full set of pieces)
 *  bytes 1..n   PackedPosition.encode(mover view)
 * </pre>
 *
 * The length byte makes keys prefix-free (an incomplete set packs to a different length), so "all
 * entries starting with this key" never reaches another position's entries.
 */
public final class FullKey {
    /** Length of the key of any position with a complete set of pieces. */
    public static final int LENGTH = 1 + PackedPosition.FULL_SET_BYTES;

    private FullKey() {}

    public static byte[] of(Position pos) {
        byte[] packed = PackedPosition.encode(MoverView.of(pos));
        byte[] k = new byte[1 + packed.length];
        k[0] = (byte) packed.length;
        System.arraycopy(packed, 0, k, 1, packed.length);
        return k;
    }

    /**
     * The mover's position (Black to move) a key describes; move number 1. Inverse of {@link #of}.
     */
    public static Position decode(byte[] key) {
        return decode(key, new Position());
    }

    /** {@link #decode} into an existing position (no allocation of a new one in bulk scans). */
    public static Position decode(byte[] key, Position into) {
        int n = key.length == 0 ? -1 : key[0] & 0xff;
        if (n + 1 != key.length) {
            throw new IllegalArgumentException(
                    "full key of " + key.length + " bytes with length byte " + n);
        }
        return PackedPosition.decode(java.util.Arrays.copyOfRange(key, 1, key.length), into);
    }
}
