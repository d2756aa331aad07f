package dev.joseki.book;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import java.util.Arrays;

/**
 * Castle key, a matching level beyond the paper (its §5 "future work"): the mover's formation
 * around its own king, matched at any ply. It is the quarter pattern ({@link QuarterKey}) of the
 * {@link Area} that holds the mover's king, without the ply, so a castle built at ply 30 still
 * finds the moves played from the same formation at ply 18 or 45, where quarter matching would stop
 * at ±{@link QuarterKey#WINDOW}.
 *
 * <pre>
 *  byte  0      area id (0 = LEFT files 9-5, 1 = RIGHT files 5-1, mover coordinates)
 *  bytes 1-13   the area's 25 squares in Area order as 4-bit nibbles: mover's piece type 1..14, else 0
 * </pre>
 *
 * Invariants: the key bytes equal the first {@link QuarterKey#PATTERN_LENGTH} bytes of the quarter
 * key of the same area; a king on the centre file 5 lies in both areas, so such a position has two
 * castle keys; a king outside the mover's ranks 5–9 (an entering king) or no king has none. Like
 * the quarter index, the castle index stores only moves that touch their area.
 */
public final class CastleKey {
    public static final int LENGTH = QuarterKey.PATTERN_LENGTH;
    private static final byte[][] NONE = new byte[0][];

    private CastleKey() {}

    /** The castle keys of a position (0, 1 or 2), in Area order. */
    public static byte[][] of(Position pos) {
        return ofMover(MoverView.of(pos));
    }

    /** The castle keys of a position already seen from its mover (Black to move). */
    static byte[][] ofMover(Position p) {
        int king = p.kingSquare(Piece.BLACK);
        if (king < 0) {
            return NONE;
        }
        byte[][] keys = new byte[2][];
        int n = 0;
        for (Area a : Area.values()) {
            if (a.contains(king)) {
                keys[n++] = Arrays.copyOf(QuarterKey.ofMover(p, a), LENGTH);
            }
        }
        return n == 2 ? keys : Arrays.copyOf(keys, n);
    }

    public static Area area(byte[] key) {
        return Area.ofId(key[0]);
    }

    /** The mover's piece type on area index i (0..24) of the key, or 0. */
    public static int pieceAt(byte[] key, int i) {
        return Nibbles.get(key, 1, i);
    }
}
