package dev.joseki.rules;

/**
 * Pieces are small ints, never objects, so that the board is a {@code byte[81]}.
 *
 * <pre>
 *   piece type (bits 0-3): 0 none, 1 pawn, 2 lance, 3 knight, 4 silver, 5 bishop, 6 rook, 7 gold, 8 king,
 *                          9 +pawn, 10 +lance, 11 +knight, 12 +silver, 13 horse, 14 dragon
 *   coloured piece:        type | colour << 4   (Black 1..14, White 17..30)
 * </pre>
 *
 * Promoting adds 8 to the type ({@link #PROMOTED}). The order pawn..gold matches Apery's piece and
 * hand indexes, which the Apery book export relies on. Hand pieces use the unpromoted types 1..7.
 */
public final class Piece {
    public static final int BLACK = 0, WHITE = 1;
    public static final int NONE = 0,
            PAWN = 1,
            LANCE = 2,
            KNIGHT = 3,
            SILVER = 4,
            BISHOP = 5,
            ROOK = 6,
            GOLD = 7,
            KING = 8,
            PRO_PAWN = 9,
            PRO_LANCE = 10,
            PRO_KNIGHT = 11,
            PRO_SILVER = 12,
            HORSE = 13,
            DRAGON = 14;
    public static final int PROMOTED = 8;
    public static final int TYPE_NB = 15;

    /** Coloured piece codes run 0..30. */
    public static final int NB = 31;

    /** Hand piece types 1..7; arrays indexed by hand type have this length. */
    public static final int HAND_NB = 8;

    /**
     * How many of each unpromoted type (index 1..8) one full set holds: 18 P, 4 L/N/S/G, 2 B/R, 2
     * K.
     */
    public static final int[] FULL_SET = {0, 18, 4, 4, 4, 2, 2, 4, 2};

    private static final String USI = " PLNSBRGK";

    private Piece() {}

    public static int make(int color, int type) {
        return type | color << 4;
    }

    public static int type(int piece) {
        return piece & 15;
    }

    public static int color(int piece) {
        return piece >> 4;
    }

    public static boolean canPromote(int type) {
        return type >= PAWN && type <= ROOK;
    }

    public static boolean isPromoted(int type) {
        return type > KING;
    }

    /** The unpromoted type: what a captured piece becomes in hand. */
    public static int unpromoted(int type) {
        return type > KING ? type - PROMOTED : type;
    }

    public static int promoted(int type) {
        return type + PROMOTED;
    }

    /** True for the pieces whose movement equals the gold's. */
    public static boolean movesLikeGold(int type) {
        return type == GOLD || (type >= PRO_PAWN && type <= PRO_SILVER);
    }

    /** USI letter of an unpromoted type (upper case), e.g. 'P'. */
    public static char usiLetter(int type) {
        return USI.charAt(unpromoted(type));
    }

    /** Type for a USI letter of either case, or NONE. */
    public static int fromUsiLetter(char c) {
        int i = USI.indexOf(Character.toUpperCase(c));
        return i <= 0 ? NONE : i;
    }

    /** SFEN text of a coloured piece, e.g. "+p" for a White tokin. */
    public static String sfen(int piece) {
        int t = type(piece);
        char c = usiLetter(t);
        if (color(piece) == WHITE) {
            c = Character.toLowerCase(c);
        }
        return isPromoted(t) ? "+" + c : String.valueOf(c);
    }

    /** A piece type that can no longer move from this relative rank must have promoted first. */
    public static boolean isDeadEnd(int type, int relativeRank) {
        return switch (type) {
            case PAWN, LANCE -> relativeRank == 1;
            case KNIGHT -> relativeRank <= 2;
            default -> false;
        };
    }
}
