package dev.joseki.book;

/**
 * Packs small values (0..15) two per byte, high nibble first; used by the half and quarter keys.
 */
final class Nibbles {
    private Nibbles() {}

    static void put(byte[] out, int offset, int index, int value) {
        int at = offset + (index >> 1);
        out[at] |= (byte) ((index & 1) == 0 ? value << 4 : value);
    }

    static int get(byte[] in, int offset, int index) {
        int b = in[offset + (index >> 1)] & 0xff;
        return (index & 1) == 0 ? b >>> 4 : b & 15;
    }

    static int bytesFor(int count) {
        return (count + 1) / 2;
    }
}
