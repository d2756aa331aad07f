package dev.joseki.book;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * Half-match key (Grimbergen and Matsubara §2.2): every board piece of the player to move — piece
 * type including promotion, and square, in mover coordinates — plus the ply, because the paper
 * matches only positions reached after the same number of moves. Opponent pieces and both hands are
 * ignored.
 *
 * <pre>
 *  bytes 0-1    ply (move number, 1 = first move of the game), unsigned big-endian
 *  bytes 2-42   square 0..80 as 4-bit nibbles, high nibble first: mover's piece type 1..14, else 0
 * </pre>
 */
public final class HalfKey {
    public static final int LENGTH = 2 + 41;

    private HalfKey() {}

    public static byte[] of(Position pos) {
        Position p = MoverView.of(pos);
        byte[] k = new byte[LENGTH];
        Keys.putPly(k, 0, p.moveNumber());
        for (int sq = 0; sq < Square.NB; sq++) {
            int pc = p.pieceOn(sq);
            if (pc != 0 && Piece.color(pc) == Piece.BLACK) {
                Nibbles.put(k, 2, sq, Piece.type(pc));
            }
        }
        return k;
    }

    public static int ply(byte[] key) {
        return Keys.ply(key, 0);
    }

    /** The mover's piece type on a mover-coordinate square, or 0. */
    public static int pieceAt(byte[] key, int sq) {
        return Nibbles.get(key, 2, sq);
    }
}
