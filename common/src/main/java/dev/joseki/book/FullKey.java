package dev.joseki.book;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * Full-match key: the exact position seen by its mover — every square, both hands; the side to move is
 * implied (always the mover after {@link MoverView#of}). Exact and collision-free: two positions get equal
 * keys iff they are equal or colour-flipped twins. The move number is not part of it (transpositions
 * reached at different plies share the entry; the entry keeps min/max ply).
 *
 * <pre>
 *  bytes  0-80   square 0..80 (1a..9i): 0 empty, mover's piece = type (1..14), opponent's = 16 | type
 *  bytes 81-87   mover's hand count of P, L, N, S, B, R, G
 *  bytes 88-94   opponent's hand count of P, L, N, S, B, R, G
 * </pre>
 */
public final class FullKey {
    public static final int LENGTH = Square.NB + 14;

    private FullKey() {
    }

    public static byte[] of(Position pos) {
        Position p = MoverView.of(pos);
        byte[] k = new byte[LENGTH];
        for (int sq = 0; sq < Square.NB; sq++) {
            k[sq] = (byte) p.pieceOn(sq); // mover is Black (colour 0) here, so the code is already relative
        }
        for (int t = Piece.PAWN; t <= Piece.GOLD; t++) {
            k[Square.NB + t - 1] = (byte) p.handCount(Piece.BLACK, t);
            k[Square.NB + 7 + t - 1] = (byte) p.handCount(Piece.WHITE, t);
        }
        return k;
    }

    /** The mover's position (Black to move) a key describes; move number 1. Inverse of {@link #of}. */
    public static Position decode(byte[] key) {
        if (key.length < LENGTH) {
            throw new IllegalArgumentException("full key needs " + LENGTH + " bytes, got " + key.length);
        }
        Position p = new Position();
        for (int sq = 0; sq < Square.NB; sq++) {
            if (key[sq] != 0) {
                p.put(sq, key[sq]);
            }
        }
        for (int t = Piece.PAWN; t <= Piece.GOLD; t++) {
            p.setHand(Piece.BLACK, t, key[Square.NB + t - 1]);
            p.setHand(Piece.WHITE, t, key[Square.NB + 7 + t - 1]);
        }
        return p;
    }
}
