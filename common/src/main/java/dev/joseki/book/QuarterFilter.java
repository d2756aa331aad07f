package dev.joseki.book;

import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;

/**
 * The move filter of quarter matching (§2.2): a database match with one area may suggest moves
 * elsewhere on the board, or moves that are not legal here. Only legal moves that move a piece
 * inside, out of or into the matched area are kept (a drop counts when it lands in the area). Built
 * once per query from the legal moves of the position; the legal moves are also numbered 0..size-1
 * so that a probe can sum frequencies in a plain array indexed by legal move.
 */
public final class QuarterFilter {
    private final Position query;

    /** Legal moves as 16-bit moves in query coordinates, sorted ascending. */
    private final int[] legal16;

    /**
     * Bit set over all 65,536 move16 values (query coordinates): a cheap first test before the
     * search.
     */
    private final long[] legalBits = new long[1 << 10];

    public QuarterFilter(Position query) {
        this.query = query;
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(query, moves, 0);
        legal16 = new int[n];
        for (int i = 0; i < n; i++) {
            legal16[i] = Move.move16(moves[i]);
            legalBits[legal16[i] >>> 6] |= 1L << legal16[i];
        }
        java.util.Arrays.sort(legal16);
    }

    /** True when the stored move (mover coordinates) is legal in the query position. */
    public boolean isLegal(int moverMove16) {
        return indexOf(moverMove16) >= 0;
    }

    /** True when a quarter suggestion from this area survives the filter. */
    public boolean keep(Area area, int moverMove16) {
        return area.touches(moverMove16) && isLegal(moverMove16);
    }

    /** Number of legal moves of the query. */
    public int size() {
        return legal16.length;
    }

    /** The index (0..size-1) of a stored move (mover coordinates) among the legal moves, or -1. */
    public int indexOf(int moverMove16) {
        int m = MoverView.toQuery(query, moverMove16);
        if ((legalBits[m >>> 6] & 1L << m) == 0) {
            return -1;
        }
        return java.util.Arrays.binarySearch(legal16, m);
    }

    /** Legal move i as a 16-bit move in query coordinates. */
    public int move16(int i) {
        return legal16[i];
    }
}
