package dev.joseki.book;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * Every book key is taken from the point of view of the player to move: a position with White to
 * move is first turned 180° with colours swapped ({@link Position#flipped()}), so one index serves
 * both sides. The move number (the "ply" of the keys) is kept. Moves stored in the book are in
 * these mover coordinates; {@link #toQuery} turns them back into the queried position's own
 * coordinates.
 */
public final class MoverView {
    private MoverView() {}

    /** The position as its mover sees it: itself when Black is to move, else its flipped twin. */
    public static Position of(Position pos) {
        return pos.sideToMove() == Piece.BLACK ? pos : pos.flipped();
    }

    /** True when {@link #of} flips this position. */
    public static boolean flips(Position pos) {
        return pos.sideToMove() == Piece.WHITE;
    }

    /** A 16-bit move turned 180° (from, to; a drop keeps its piece type; promotion kept). */
    public static int flipMove16(int move16) {
        int to = Square.flip(Move.to(move16));
        if (Move.isDrop(move16)) {
            return Move.move16(Move.drop(Move.dropType(move16), to, Piece.BLACK));
        }
        return Move.move16(
                Move.make(Square.flip(Move.from(move16)), to, 0, 0, Move.isPromotion(move16)));
    }

    /** A move of the queried position in mover coordinates (16 bits). */
    public static int toMover(Position query, int move) {
        int m16 = Move.move16(move);
        return flips(query) ? flipMove16(m16) : m16;
    }

    /** A stored mover-coordinate move in the queried position's coordinates (16 bits). */
    public static int toQuery(Position query, int moverMove16) {
        return flips(query) ? flipMove16(moverMove16) : moverMove16;
    }
}
