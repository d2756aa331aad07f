package dev.joseki.book.values;

/**
 * A (value, depth) pair of book propagation packed into one {@code int}, so that ten million nodes
 * cost forty megabytes and the propagation loops allocate nothing:
 *
 * <pre>
 *  bits 31..16  value, signed (centipawns from the mover's point of view; mate ±(32000 − plies))
 *  bits 15..0   depth to the book's leaf, unsigned (0 = an engine value at a move leaving the book)
 * </pre>
 *
 * The rules are YaneuraOu's {@code makebook peta_shock} (makebook2025.cpp, {@code ValueDepth}): a
 * higher value is better; at equal value the winning side (value ≥ 0) prefers the shorter depth and
 * the losing side the longer one, and a move into a perpetual-check loop ({@link #PERPETUAL_CHECK})
 * is never preferred on depth. Depths saturate at {@link #DEPTH_MAX}, which marks a repetition
 * cycle.
 */
public final class ValueDepth {
    /** A value larger than every mate score: the "nothing yet" start of a maximum. */
    public static final int INF = Short.MAX_VALUE;

    public static final int MATE = 32000;

    /** The depth of a line that ends in a repetition cycle (peta_shock's BOOK_DEPTH_MAX). */
    public static final int DEPTH_MAX = 9999;

    /**
     * The depth marking a move of the checking side that keeps a perpetual check going (which loses
     * it); chosen so that no depth + 1 reaches it from below while propagating ordinary lines.
     */
    public static final int PERPETUAL_CHECK = DEPTH_MAX - 2;

    /** The depth marking the side in check within a perpetual-check loop (it wins). */
    public static final int PERPETUAL_CHECKED = DEPTH_MAX - 1;

    /** Book lines are not followed deeper than this; a longer line is taken for a cycle. */
    public static final int MAX_PLY = 256;

    /** No value: a move nobody evaluated, or a node whose moves are all unknown. Never compares. */
    public static final int UNKNOWN = Integer.MIN_VALUE;

    private ValueDepth() {}

    public static int of(int value, int depth) {
        assert value >= -INF && value <= INF && depth >= 0 && depth <= 0xffff;
        return value << 16 | depth;
    }

    public static int value(int vd) {
        return vd >> 16;
    }

    public static int depth(int vd) {
        return vd & 0xffff;
    }

    /**
     * True when a is better than b for the player choosing between them (peta_shock's operator
     * &gt;).
     */
    public static boolean better(int a, int b) {
        int va = value(a), vb = value(b);
        if (va != vb) {
            return va > vb;
        }
        int da = depth(a), db = depth(b);
        if (da == PERPETUAL_CHECK) {
            return false;
        }
        if (db == PERPETUAL_CHECK) {
            return true;
        }
        return va >= 0 ? da < db : da > db;
    }

    /** The pair as the parent sees it: value negated, one ply deeper (saturating at DEPTH_MAX). */
    public static int forParent(int vd) {
        return vd == UNKNOWN ? UNKNOWN : of(-value(vd), Math.min(depth(vd) + 1, DEPTH_MAX));
    }

    public static String toString(int vd) {
        return vd == UNKNOWN ? "unknown" : "(" + value(vd) + ", " + depth(vd) + ")";
    }
}
