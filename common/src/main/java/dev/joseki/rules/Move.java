package dev.joseki.rules;

/**
 * Moves are packed ints; no Move objects exist on the hot path.
 *
 * <pre>
 *  bits  0- 6  to square (0..80)
 *  bits  7-13  from square (0..80), or the dropped piece type (1..7) for a drop
 *  bit     14  drop
 *  bit     15  promotion
 *  bits 16-20  moving coloured piece (before promotion; for a drop the dropped coloured piece)
 *  bits 21-25  captured coloured piece (0 when nothing is captured)
 * </pre>
 *
 * The low 16 bits alone ({@link #move16}) identify a move within a position, as YaneuraOu's Move16
 * does, and are what books and records store; the upper bits are a cache for make/unmake and move
 * ordering. Sentinels use from == to, which no real move has.
 */
public final class Move {
    public static final int NONE = 0;
    public static final int NULL = (1 << 7) | 1;
    public static final int RESIGN = (2 << 7) | 2;
    public static final int WIN = (3 << 7) | 3;

    static final int DROP_FLAG = 1 << 14;
    static final int PROMOTE_FLAG = 1 << 15;

    private Move() {}

    public static int make(int from, int to, int piece, int captured, boolean promote) {
        return to | from << 7 | (promote ? PROMOTE_FLAG : 0) | piece << 16 | captured << 21;
    }

    public static int drop(int pieceType, int to, int color) {
        return to | pieceType << 7 | DROP_FLAG | Piece.make(color, pieceType) << 16;
    }

    public static int to(int m) {
        return m & 0x7f;
    }

    public static int from(int m) {
        return (m >>> 7) & 0x7f;
    }

    public static boolean isDrop(int m) {
        return (m & DROP_FLAG) != 0;
    }

    public static boolean isPromotion(int m) {
        return (m & PROMOTE_FLAG) != 0;
    }

    /** Dropped piece type (1..7); meaningful only for drops. */
    public static int dropType(int m) {
        return from(m);
    }

    public static int piece(int m) {
        return (m >>> 16) & 0x1f;
    }

    public static int captured(int m) {
        return (m >>> 21) & 0x1f;
    }

    public static int move16(int m) {
        return m & 0xffff;
    }

    /** True for NONE, NULL, RESIGN and WIN. */
    public static boolean isSpecial(int m) {
        return from(m) == to(m) && !isDrop(m);
    }

    /** USI text, e.g. "7g7f", "8h2b+", "P*5e", "resign", "win". */
    public static String usi(int m) {
        if (m == NONE) {
            return "none";
        } else if (m == RESIGN) {
            return "resign";
        } else if (m == WIN) {
            return "win";
        } else if (m == NULL) {
            return "0000";
        }
        if (isDrop(m)) {
            return Piece.usiLetter(dropType(m)) + "*" + Square.usi(to(m));
        }
        return Square.usi(from(m)) + Square.usi(to(m)) + (isPromotion(m) ? "+" : "");
    }
}
