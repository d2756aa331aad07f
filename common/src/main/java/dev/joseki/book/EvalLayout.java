package dev.joseki.book;

/**
 * The on-disk layout of engine values in a book (layout 4, beside the count indexes of {@link
 * BookLayout}). Two column families, one entry per (position, move):
 *
 * <pre>
 *  evals    key   = {@link FullKey} ‖ move16 (as {@link BookLayout#entryKey})
 *           value = version (1 B, {@link #VERSION}) ‖ value (4 B, signed big-endian) ‖ depth (2 B) ‖
 *                   nodes (8 B)                                  — raw engine evaluations ({@link MoveEval})
 *  values   the same layout                                     — the min-max values written by propagation
 * </pre>
 *
 * Raw evaluations are kept apart from propagated values so that a book can be propagated again
 * after more positions were evaluated (mining) without losing what the engines said. Values are
 * from the point of view of the mover, like the book's counts.
 */
public final class EvalLayout {
    public static final byte VERSION = 1;
    public static final int VALUE_LENGTH = 15;

    /** The two tables of values and their column family names. */
    public enum Table {
        /** Raw engine evaluations, folded in from PositionEval records or imported. */
        EVALS("evals"),
        /** Min-max values over the book graph, written by {@code book propagate}. */
        VALUES("values");

        private final String columnFamily;

        Table(String columnFamily) {
            this.columnFamily = columnFamily;
        }

        public String columnFamily() {
            return columnFamily;
        }
    }

    private EvalLayout() {}

    public static byte[] encode(MoveEval e) {
        byte[] v = new byte[VALUE_LENGTH];
        v[0] = VERSION;
        int x = e.value();
        v[1] = (byte) (x >>> 24);
        v[2] = (byte) (x >>> 16);
        v[3] = (byte) (x >>> 8);
        v[4] = (byte) x;
        PackedMoves.putU16(v, 5, e.depth());
        long n = e.nodes();
        for (int i = 0; i < 8; i++) {
            v[7 + i] = (byte) (n >>> (56 - 8 * i));
        }
        return v;
    }

    public static MoveEval decode(byte[] v) {
        if (v.length != VALUE_LENGTH || v[0] != VERSION) {
            throw new IllegalArgumentException(
                    "book eval has length "
                            + v.length
                            + " and version "
                            + (v.length > 0 ? v[0] : -1)
                            + "; this reader knows version "
                            + VERSION
                            + " ("
                            + VALUE_LENGTH
                            + " bytes)");
        }
        int x = (v[1] & 0xff) << 24 | (v[2] & 0xff) << 16 | (v[3] & 0xff) << 8 | (v[4] & 0xff);
        long n = 0;
        for (int i = 0; i < 8; i++) {
            n = n << 8 | (v[7 + i] & 0xff);
        }
        return new MoveEval(x, PackedMoves.u16(v, 5), n);
    }
}
