package dev.joseki.book;

/**
 * Shared byte helpers of the key classes. Plies are stored unsigned big-endian so keys sort by ply.
 */
final class Keys {
    static final int MAX_PLY = 0xffff;

    private Keys() {}

    static void putPly(byte[] k, int at, int ply) {
        int p = Math.max(0, Math.min(MAX_PLY, ply));
        k[at] = (byte) (p >>> 8);
        k[at + 1] = (byte) p;
    }

    static int ply(byte[] k, int at) {
        return (k[at] & 0xff) << 8 | (k[at + 1] & 0xff);
    }
}
