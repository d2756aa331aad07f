package dev.joseki.rules;

/**
 * Test fixture: "close" as {@link CheckMoves#generateClose} and the mate probe mean it, written
 * from the definition instead of the generator's tables: the move lands next to the enemy king or a
 * knight's jump from it, and a board move starts within two files and four ranks of the king.
 */
public final class CloseChecks {
    private CloseChecks() {}

    public static boolean isClose(Position pos, int m) {
        int ek = pos.kingSquare(pos.sideToMove() ^ 1), to = Move.to(m);
        int df = Math.abs(Square.file(to) - Square.file(ek)),
                dr = Square.rank(to) - Square.rank(ek);
        int ahead =
                pos.sideToMove() == Piece.BLACK
                        ? 1
                        : -1; // a Black knight checks from two ranks below
        boolean target = Math.max(df, Math.abs(dr)) == 1 || (df == 1 && dr == 2 * ahead);
        if (Move.isDrop(m)) {
            return target;
        }
        int from = Move.from(m);
        return target
                && Math.abs(Square.file(from) - Square.file(ek)) <= 2
                && Math.abs(Square.rank(from) - Square.rank(ek)) <= 4;
    }
}
