package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

/**
 * Entering-king declaration (nyugyoku sengen). The CSA 27-point rule, as quoted in YaneuraOu's
 * position.cpp for the WCSC, is valid only if all hold for the side to move (the declarer): (a) it
 * is the declarer's turn; (b) the king is inside the opponent's three ranks; (c) at least 28 points
 * as Black, 27 as White, counting rook and bishop (promoted or not) 5 and others 1, over the pieces
 * in hand plus the pieces other than the king inside the opponent's three ranks; (d) at least 10
 * pieces other than the king inside those ranks; (e) not in check; (f) time left (the caller's
 * business). The 24-point rule uses the same conditions but scores: 31 or more wins, 24..30 draws,
 * less loses.
 */
public final class Declaration {
    public enum Rule {
        POINTS_27,
        POINTS_24
    }

    /** What a declaration yields for the declarer. */
    public enum Verdict {
        WIN,
        DRAW,
        LOSS
    }

    private Declaration() {}

    /** Points of the side to move counted for the declaration (condition c). */
    public static int points(Position pos) {
        int us = pos.sideToMove(), pts = 0;
        for (int sq = 0; sq < Square.NB; sq++) {
            int p = pos.pieceOn(sq);
            if (p != 0 && color(p) == us && type(p) != KING && Square.inZone(us, sq)) {
                pts += value(type(p));
            }
        }
        for (int t = PAWN; t <= GOLD; t++) {
            pts += pos.handCount(us, t) * value(t);
        }
        return pts;
    }

    /** Pieces other than the king in the opponent's three ranks (condition d). */
    public static int piecesInZone(Position pos) {
        int us = pos.sideToMove(), n = 0;
        for (int sq = 0; sq < Square.NB; sq++) {
            int p = pos.pieceOn(sq);
            if (p != 0 && color(p) == us && type(p) != KING && Square.inZone(us, sq)) {
                n++;
            }
        }
        return n;
    }

    /** Why the side to move may not declare, or null when conditions (b), (d) and (e) hold. */
    public static String failedCondition(Position pos) {
        int us = pos.sideToMove(), k = pos.kingSquare(us);
        if (k < 0 || !Square.inZone(us, k)) {
            return "king not inside the opponent's three ranks";
        }
        if (piecesInZone(pos) < 10) {
            return "fewer than 10 pieces inside the opponent's three ranks";
        }
        if (pos.inCheck()) {
            return "king in check";
        }
        return null;
    }

    public static Verdict judge(Position pos, Rule rule) {
        if (failedCondition(pos) != null) {
            return Verdict.LOSS;
        }
        int pts = points(pos);
        if (rule == Rule.POINTS_27) {
            return pts >= (pos.sideToMove() == BLACK ? 28 : 27) ? Verdict.WIN : Verdict.LOSS;
        }
        return pts >= 31 ? Verdict.WIN : pts >= 24 ? Verdict.DRAW : Verdict.LOSS;
    }

    private static int value(int type) {
        int t = unpromoted(type);
        return t == BISHOP || t == ROOK ? 5 : 1;
    }
}
