package dev.joseki.notation;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Square;

/**
 * Finds the one legal move a KI2 move names. KI2 omits the origin, so the legal moves to the
 * destination with the named piece are filtered by what is written, always from the mover's point
 * of view:
 *
 * <ol>
 *   <li>打 means a drop; without it a board move is meant when one exists (打 is written only when
 *       both could reach the square), else the drop.
 *   <li>成 keeps promotions only; 不成 (or 生) and no word keep non-promotions (a promotion that is
 *       possible must be written), falling back to a forced promotion when nothing else remains.
 *   <li>上 (also 行, 入): the piece moves forward; 引: backward; 寄: sideways along the rank; 直:
 *       straight forward from the square just behind the destination.
 *   <li>右 / 左: the piece furthest to the mover's right / left (Black's right is file 1, White's
 *       file 9). With only two candidates on one file this cannot decide and the move stays
 *       ambiguous.
 * </ol>
 *
 * The JSA's notation page (shogi.or.jp/faq/kihuhyouki.html) writes the words in the order position
 * (右左), then motion (上寄引), then 成/不成/打, and uses 右/左 only when the motion does not decide. For
 * golds, silvers and knights 右/左 name the origin's side as seen from the destination, for dragons
 * and horses the side relative to the other piece; whenever such a word is needed (the motion
 * leaves two or more candidates) both readings pick the same piece as "the furthest to that side",
 * which is what step 4 computes. Redundant words (e.g. 左上 where 左 suffices) are accepted since each
 * word only filters. Exactly one move must remain; otherwise the move is reported as ambiguous or
 * impossible.
 */
final class Ki2Moves {
    private Ki2Moves() {}

    static int find(
            KifMoveText mt,
            int[] legal,
            int n,
            int us,
            String text,
            String source,
            int line,
            int col) {
        int[] c = new int[n];
        int k = 0;
        boolean boardMove = false;
        for (int i = 0; i < n; i++) {
            int m = legal[i];
            if (Move.to(m) != mt.to()) {
                continue;
            }
            if (Move.isDrop(m)) {
                if (Move.dropType(m) == mt.type() && !mt.promote() && !mt.noPromote()) {
                    c[k++] = m;
                }
            } else if (Piece.type(Move.piece(m)) == mt.type() && !mt.drop()) {
                c[k++] = m;
                boardMove = true;
            }
        }
        // Step 1: drop or board move.
        if (mt.drop()) {
            k = keep(c, k, m -> Move.isDrop(m));
        } else if (boardMove) {
            k = keep(c, k, m -> !Move.isDrop(m));
        }
        // Step 2: promotion.
        if (mt.promote()) {
            k = keep(c, k, Move::isPromotion);
        } else {
            int[] copy = c.clone();
            int kept = keep(copy, k, m -> !Move.isPromotion(m));
            if (kept > 0 || mt.noPromote()) {
                System.arraycopy(copy, 0, c, 0, kept);
                k = kept;
            }
        }
        // Step 3: direction words, from the mover's side (forward = towards rank 1 for Black).
        int fwd = us == Piece.BLACK ? -1 : 1;
        for (char w : mt.relative().toCharArray()) {
            switch (w) {
                case '上', '行', '入' -> k = keep(c, k, m -> !Move.isDrop(m) && dr(m) * fwd > 0);
                case '引' -> k = keep(c, k, m -> !Move.isDrop(m) && dr(m) * fwd < 0);
                case '寄' -> k = keep(c, k, m -> !Move.isDrop(m) && dr(m) == 0);
                case '直' -> k = keep(c, k, m -> !Move.isDrop(m) && df(m) == 0 && dr(m) * fwd == 1);
                case '右', '左' -> k = extreme(c, k, (w == '右') == (us == Piece.BLACK));
                default ->
                        throw new ParseException(
                                source,
                                line,
                                col,
                                "unknown word '" + w + "' in '" + Quote.cut(text) + "'");
            }
        }
        if (k == 0) {
            throw new ParseException(
                    source, line, col, "no legal move matches '" + Quote.cut(text) + "'");
        }
        if (k > 1) {
            throw new ParseException(
                    source,
                    line,
                    col,
                    "ambiguous move '" + Quote.cut(text) + "' (" + k + " legal moves match)");
        }
        return c[0];
    }

    /** Rank difference to - from, in board ranks (negative = towards rank 1). */
    private static int dr(int m) {
        return Square.rank(Move.to(m)) - Square.rank(Move.from(m));
    }

    private static int df(int m) {
        return Square.file(Move.to(m)) - Square.file(Move.from(m));
    }

    private interface Test {
        boolean test(int m);
    }

    private static int keep(int[] c, int k, Test t) {
        int j = 0;
        for (int i = 0; i < k; i++) {
            if (t.test(c[i])) {
                c[j++] = c[i];
            }
        }
        return j;
    }

    /** Keeps the board moves from the smallest file (lowest = true) or the largest. */
    private static int extreme(int[] c, int k, boolean lowest) {
        int best = -1;
        for (int i = 0; i < k; i++) {
            if (!Move.isDrop(c[i])) {
                int f = Square.file(Move.from(c[i]));
                if (best < 0 || (lowest ? f < best : f > best)) {
                    best = f;
                }
            }
        }
        final int file = best;
        return keep(c, k, m -> !Move.isDrop(m) && Square.file(Move.from(m)) == file);
    }
}
