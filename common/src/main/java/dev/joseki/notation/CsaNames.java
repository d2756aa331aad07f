package dev.joseki.notation;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Square;

/** CSA piece names (FU … RY), indexed by piece type 1..14, and squares as two digits file-rank. */
final class CsaNames {
    /** The "square" 00: a piece in hand. */
    static final int HAND = -2;

    private static final String[] NAMES = {
        "", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"
    };

    private CsaNames() {}

    static String name(int type) {
        return NAMES[type];
    }

    /** Piece type for a two-letter name at text[at], or NONE. */
    static int type(String text, int at) {
        if (at + 2 > text.length()) {
            return Piece.NONE;
        }
        String s = text.substring(at, at + 2);
        for (int t = 1; t < NAMES.length; t++) {
            if (NAMES[t].equals(s)) {
                return t;
            }
        }
        return Piece.NONE;
    }

    /** Square for two digits file-rank "11".."99" at text[at], {@link #HAND} for "00", or -1. */
    static int square(String text, int at) {
        if (at + 2 > text.length()) {
            return -1;
        }
        char f = text.charAt(at), r = text.charAt(at + 1);
        if (f == '0' && r == '0') {
            return HAND;
        }
        if (f < '1' || f > '9' || r < '1' || r > '9') {
            return -1;
        }
        return Square.of(f - '0', r - '0');
    }

    static String square(int sq) {
        return sq == HAND ? "00" : "" + Square.file(sq) + Square.rank(sq);
    }
}
