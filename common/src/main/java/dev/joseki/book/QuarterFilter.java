package dev.joseki.book;

import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;

/**
 * The move filter of quarter matching (§2.2): a database match with one area may suggest moves elsewhere
 * on the board, or moves that are not legal here. Only legal moves that move a piece inside, out of or
 * into the matched area are kept (a drop counts when it lands in the area). Built once per query from
 * the legal moves of the position.
 */
public final class QuarterFilter {
    private final Position query;
    private final int[] legal16;

    public QuarterFilter(Position query) {
        this.query = query;
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(query, moves, 0);
        legal16 = new int[n];
        for (int i = 0; i < n; i++) {
            legal16[i] = Move.move16(moves[i]);
        }
        java.util.Arrays.sort(legal16);
    }

    /** True when the stored move (mover coordinates) is legal in the query position. */
    public boolean isLegal(int moverMove16) {
        return java.util.Arrays.binarySearch(legal16, MoverView.toQuery(query, moverMove16)) >= 0;
    }

    /** True when a quarter suggestion from this area survives the filter. */
    public boolean keep(Area area, int moverMove16) {
        return area.touches(moverMove16) && isLegal(moverMove16);
    }
}
