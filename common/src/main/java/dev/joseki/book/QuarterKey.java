package dev.joseki.book;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;

/**
 * Quarter-match key: the mover's pieces inside one {@link Area} (type incl. promotion per square,
 * mover coordinates) and the ply. The ply comes last so that all plies of one area pattern are
 * adjacent and a lookup scans [ply − {@link #WINDOW}, ply + WINDOW] as one key range (the paper:
 * "an absolute move number difference of 10").
 *
 * <pre>
 *  byte  0      area id (0 = LEFT files 9-5, 1 = RIGHT files 5-1)
 *  bytes 1-13   the area's 25 squares in Area order as 4-bit nibbles: mover's piece type 1..14, else 0
 *  bytes 14-15  ply (move number), unsigned big-endian
 * </pre>
 */
public final class QuarterKey {
    public static final int PATTERN_LENGTH = 1 + 13;
    public static final int LENGTH = PATTERN_LENGTH + 2;

    /** Entries within this many plies of the query match. */
    public static final int WINDOW = 10;

    private QuarterKey() {}

    public static byte[] of(Position pos, Area area) {
        return ofMover(MoverView.of(pos), area);
    }

    /** Key of a position already seen from its mover (Black to move). */
    static byte[] ofMover(Position p, Area area) {
        byte[] k = new byte[LENGTH];
        k[0] = (byte) area.id();
        for (int i = 0; i < Area.SQUARES; i++) {
            int pc = p.pieceOn(area.square(i));
            if (pc != 0 && Piece.color(pc) == Piece.BLACK) {
                Nibbles.put(k, 1, i, Piece.type(pc));
            }
        }
        Keys.putPly(k, PATTERN_LENGTH, p.moveNumber());
        return k;
    }

    /** Both area keys of a position (LEFT, RIGHT). */
    public static byte[][] both(Position pos) {
        Position p = MoverView.of(pos);
        return new byte[][] {ofMover(p, Area.LEFT), ofMover(p, Area.RIGHT)};
    }

    public static Area area(byte[] key) {
        return Area.ofId(key[0]);
    }

    public static int ply(byte[] key) {
        return Keys.ply(key, PATTERN_LENGTH);
    }

    /** The same area pattern at another ply (clamped to 0..65535): the bounds of a window scan. */
    public static byte[] withPly(byte[] key, int ply) {
        byte[] k = java.util.Arrays.copyOf(key, LENGTH);
        Keys.putPly(k, PATTERN_LENGTH, ply);
        return k;
    }

    /** True when an entry stored at entryPly matches a query at queryPly. */
    public static boolean inWindow(int entryPly, int queryPly) {
        return Math.abs(entryPly - queryPly) <= WINDOW;
    }

    /** True when two keys have the same area and pattern (ply ignored). */
    public static boolean samePattern(byte[] a, byte[] b) {
        return java.util.Arrays.equals(a, 0, PATTERN_LENGTH, b, 0, PATTERN_LENGTH);
    }
}
