package dev.joseki.rules;

import static dev.joseki.rules.Piece.BISHOP;
import static dev.joseki.rules.Piece.DRAGON;
import static dev.joseki.rules.Piece.GOLD;
import static dev.joseki.rules.Piece.HORSE;
import static dev.joseki.rules.Piece.KING;
import static dev.joseki.rules.Piece.PRO_SILVER;
import static dev.joseki.rules.Piece.ROOK;
import static dev.joseki.rules.Piece.make;
import static dev.joseki.rules.Piece.movesLikeGold;

import java.util.Arrays;

/**
 * The piece groups {@link Position} keeps a set of beside each piece code, so that one attack test
 * asks about all of a colour's pieces that move alike at once. Position's {@code bb} holds the
 * coloured piece codes 1..30 first, then four groups per colour at the indexes below; {@link #A}
 * and {@link #B} name the (at most two) groups a coloured piece belongs to, A first, or {@link
 * #NO_GROUP}.
 */
final class PieceGroups {
    /** One past the last group index: the number of sets in Position's {@code bb} per half. */
    static final int NO_GROUP = Piece.NB + 8;

    static final int[] A = new int[Piece.NB], B = new int[Piece.NB];

    static {
        Arrays.fill(A, NO_GROUP);
        Arrays.fill(B, NO_GROUP);
        for (int c = 0; c < 2; c++) {
            A[make(c, ROOK)] = rookLike(c);
            A[make(c, DRAGON)] = rookLike(c);
            B[make(c, DRAGON)] = kingLike(c);
            A[make(c, BISHOP)] = bishopLike(c);
            A[make(c, HORSE)] = bishopLike(c);
            B[make(c, HORSE)] = kingLike(c);
            A[make(c, KING)] = kingLike(c);
            for (int t = GOLD; t <= PRO_SILVER; t++) {
                if (movesLikeGold(t)) {
                    A[make(c, t)] = golds(c);
                }
            }
        }
    }

    private PieceGroups() {}

    /** Index in bb of c's rooks and dragons (the orthogonal sliders). */
    static int rookLike(int c) {
        return Piece.NB + c * 4;
    }

    /** Index in bb of c's bishops and horses (the diagonal sliders). */
    static int bishopLike(int c) {
        return Piece.NB + c * 4 + 1;
    }

    /** Index in bb of c's gold and the four pieces that move like it. */
    static int golds(int c) {
        return Piece.NB + c * 4 + 2;
    }

    /** Index in bb of c's king, horse and dragon: pieces that attack all eight neighbours. */
    static int kingLike(int c) {
        return Piece.NB + c * 4 + 3;
    }
}
