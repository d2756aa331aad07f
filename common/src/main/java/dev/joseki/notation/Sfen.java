package dev.joseki.notation;

import static dev.joseki.rules.Piece.*;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * SFEN in and out: {@code <board> <side> <hand> [<move number>]}. Hands are written in the
 * canonical order R, B, G, S, N, L, P, Black first (YaneuraOu's order, so SFEN strings compare
 * equal across programs); any order and repeated letters are accepted on input. A missing move
 * number reads as 1.
 *
 * <p>Input is checked for what the rules need to stay sound: exactly one king per side, the side
 * that is not to move not in check (else its king could be taken), piece counts within one full
 * set, no two unpromoted pawns of one colour on a file, no unpromotable "+" pieces, no piece on a
 * square where it could never move. {@link #parseProblem} is the one exception, for mate problems
 * and perft oracles: there the side to move (the tsume attacker) may have no king; everything else
 * is checked the same.
 */
public final class Sfen {
    public static final String STARTPOS =
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    private static final int[] HAND_ORDER = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

    private Sfen() {}

    public static Position startPosition() {
        return parse(STARTPOS);
    }

    public static Position parse(String sfen) {
        return parse(sfen, "sfen", 1, 1);
    }

    /** Parses with error positions reported relative to (line, column) of the enclosing text. */
    public static Position parse(String sfen, String source, int line, int column0) {
        return parse(sfen, source, line, column0, false);
    }

    /**
     * A mate problem or perft position: as {@link #parse}, but the side to move may have no king.
     */
    public static Position parseProblem(String sfen) {
        return parseProblem(sfen, "sfen", 1, 1);
    }

    public static Position parseProblem(String sfen, String source, int line, int column0) {
        return parse(sfen, source, line, column0, true);
    }

    private static Position parse(
            String sfen, String source, int line, int column0, boolean problem) {
        if (sfen == null) {
            throw new ParseException(source, line, column0, "missing SFEN");
        }
        Cursor c = new Cursor(sfen, source, line, column0);
        Position pos = new Position();
        c.skipSpaces();
        int boardStart = c.at;
        parseBoard(c, pos);
        if (!c.space()) {
            throw c.error("expected a space after the board");
        }
        c.skipSpaces();
        char s = c.peek();
        if (s != 'b' && s != 'w') {
            throw c.error("side to move must be 'b' or 'w'");
        }
        c.at++;
        pos.setSideToMove(s == 'b' ? BLACK : WHITE);
        if (!c.space()) {
            throw c.error("expected a space after the side to move");
        }
        c.skipSpaces();
        parseHand(c, pos);
        c.skipSpaces();
        if (!c.end()) {
            int start = c.at;
            while (!c.end() && Character.isDigit(c.peek())) {
                c.at++;
            }
            if (start == c.at || c.at - start > 6) {
                throw c.error("move number must be a positive integer");
            }
            int n = Integer.parseInt(sfen.substring(start, c.at));
            if (n < 1) {
                c.at = start;
                throw c.error("move number must be at least 1");
            }
            pos.setMoveNumber(n);
            c.skipSpaces();
            if (!c.end()) {
                throw c.error("unexpected text after the move number");
            }
        }
        checkMaterial(pos, c, boardStart);
        checkKings(pos, c, problem);
        return pos;
    }

    private static void parseBoard(Cursor c, Position pos) {
        int rank = 1, file = 9;
        while (!c.end() && c.peek() != ' ') {
            char ch = c.peek();
            if (ch == '/') {
                if (file != 0) {
                    throw c.error("rank " + rank + " has " + (9 - file) + " squares, expected 9");
                }
                if (++rank > 9) {
                    throw c.error("more than 9 ranks");
                }
                file = 9;
                c.at++;
            } else if (ch >= '1' && ch <= '9') {
                file -= ch - '0';
                if (file < 0) {
                    throw c.error("rank " + rank + " has more than 9 squares");
                }
                c.at++;
            } else {
                boolean promoted = ch == '+';
                if (promoted) {
                    c.at++;
                    if (c.end()) {
                        throw c.error("'+' must be followed by a piece letter");
                    }
                    ch = c.peek();
                }
                int t = Piece.fromUsiLetter(ch);
                if (t == NONE) {
                    throw c.error("unknown piece letter '" + ch + "'");
                }
                if (promoted) {
                    if (!canPromote(t)) {
                        throw c.error("piece '" + ch + "' cannot be promoted");
                    }
                    t = promoted(t);
                }
                if (file < 1) {
                    throw c.error("rank " + rank + " has more than 9 squares");
                }
                int color = Character.isUpperCase(ch) ? BLACK : WHITE;
                int sq = Square.of(file, rank);
                if (isDeadEnd(t, Square.relativeRank(color, sq))) {
                    throw c.error("a " + ch + " on rank " + rank + " could never move");
                }
                pos.put(sq, make(color, t));
                file--;
                c.at++;
            }
        }
        if (rank != 9 || file != 0) {
            throw c.error("board must have 9 ranks of 9 squares");
        }
    }

    private static void parseHand(Cursor c, Position pos) {
        if (c.peek() == '-') {
            c.at++;
            return;
        }
        boolean any = false;
        while (!c.end() && c.peek() != ' ') {
            int count = 1;
            if (Character.isDigit(c.peek())) {
                int start = c.at;
                while (!c.end() && Character.isDigit(c.peek())) {
                    c.at++;
                }
                if (c.at - start > 2) {
                    c.at = start;
                    throw c.error("hand count too large");
                }
                count = Integer.parseInt(c.text.substring(start, c.at));
                if (count < 1) {
                    c.at = start;
                    throw c.error("hand count must be at least 1");
                }
                if (c.end()) {
                    throw c.error("hand count must be followed by a piece letter");
                }
            }
            char ch = c.peek();
            int t = Piece.fromUsiLetter(ch);
            if (t == NONE || t == KING) {
                throw c.error("'" + ch + "' is not a piece that can be in hand");
            }
            int color = Character.isUpperCase(ch) ? BLACK : WHITE;
            int total = pos.handCount(color, t) + count;
            if (total > FULL_SET[t]) {
                throw c.error("too many " + ch + " in hand");
            }
            pos.setHand(color, t, total);
            c.at++;
            any = true;
        }
        if (!any) {
            throw c.error("missing hand ('-' for none)");
        }
    }

    /** Runs with the cursor at the board (set by checkMaterial). */
    private static void checkKings(Position pos, Cursor c, boolean problem) {
        int us = pos.sideToMove(), them = us ^ 1;
        if (pos.kingSquare(them) < 0 || (pos.kingSquare(us) < 0 && !problem)) {
            throw c.error(
                    pos.kingSquare(BLACK) < 0 && pos.kingSquare(WHITE) < 0
                            ? "no kings"
                            : "no " + (pos.kingSquare(BLACK) < 0 ? "Black" : "White") + " king");
        }
        if (pos.attacked(pos.kingSquare(them), us)) {
            throw c.error(
                    "the side not to move ("
                            + (them == BLACK ? "Black" : "White")
                            + ") is in check");
        }
    }

    private static void checkMaterial(Position pos, Cursor c, int boardStart) {
        int[] count = new int[9];
        int[] kings = new int[2];
        for (int sq = 0; sq < Square.NB; sq++) {
            int p = pos.pieceOn(sq);
            if (p != 0) {
                count[unpromoted(type(p))]++;
                if (type(p) == KING) {
                    kings[color(p)]++;
                }
            }
        }
        for (int t = PAWN; t <= GOLD; t++) {
            count[t] += pos.handCount(BLACK, t) + pos.handCount(WHITE, t);
        }
        c.at = boardStart;
        if (kings[0] > 1 || kings[1] > 1) {
            throw c.error("more than one king of one colour");
        }
        for (int t = PAWN; t <= GOLD; t++) {
            if (count[t] > FULL_SET[t]) {
                throw c.error(
                        "more than " + FULL_SET[t] + " " + Piece.usiLetter(t) + " in the position");
            }
        }
        for (int col = 0; col < 2; col++) {
            for (int f = 1; f <= 9; f++) {
                int pawns = 0;
                for (int r = 1; r <= 9; r++) {
                    if (pos.pieceOn(Square.of(f, r)) == make(col, PAWN)) {
                        pawns++;
                    }
                }
                if (pawns > 1) {
                    throw c.error("two unpromoted pawns of one colour on file " + f);
                }
            }
        }
    }

    public static String write(Position pos) {
        StringBuilder sb = new StringBuilder(96);
        writeBoard(pos, sb);
        sb.append(pos.sideToMove() == BLACK ? " b " : " w ");
        writeHand(pos, sb);
        sb.append(' ').append(pos.moveNumber());
        return sb.toString();
    }

    /** Board, side and hand without the move number: the text form of a position's identity. */
    public static String writeWithoutMoveNumber(Position pos) {
        StringBuilder sb = new StringBuilder(96);
        writeBoard(pos, sb);
        sb.append(pos.sideToMove() == BLACK ? " b " : " w ");
        writeHand(pos, sb);
        return sb.toString();
    }

    private static void writeBoard(Position pos, StringBuilder sb) {
        writeBoard(pos::pieceOn, sb);
    }

    /**
     * Writes the board part from any source of coloured pieces by square (used before a Position
     * exists).
     */
    static void writeBoard(java.util.function.IntUnaryOperator pieceOn, StringBuilder sb) {
        for (int r = 1; r <= 9; r++) {
            int empty = 0;
            for (int f = 9; f >= 1; f--) {
                int p = pieceOn.applyAsInt(Square.of(f, r));
                if (p == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(Piece.sfen(p));
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (r < 9) {
                sb.append('/');
            }
        }
    }

    private static void writeHand(Position pos, StringBuilder sb) {
        writeHand(pos::handCount, sb);
    }

    /** Writes the hands in canonical order from any source of (colour, type) counts. */
    static void writeHand(java.util.function.IntBinaryOperator handCount, StringBuilder sb) {
        int start = sb.length();
        for (int col = 0; col < 2; col++) {
            for (int t : HAND_ORDER) {
                int n = handCount.applyAsInt(col, t);
                if (n > 0) {
                    if (n > 1) {
                        sb.append(n);
                    }
                    char ch = Piece.usiLetter(t);
                    sb.append(col == BLACK ? ch : Character.toLowerCase(ch));
                }
            }
        }
        if (sb.length() == start) {
            sb.append('-');
        }
    }

    private static final class Cursor {
        final String text;
        final String source;
        final int line;
        final int column0;
        int at;

        Cursor(String text, String source, int line, int column0) {
            this.text = text;
            this.source = source;
            this.line = line;
            this.column0 = column0;
        }

        boolean end() {
            return at >= text.length();
        }

        char peek() {
            if (end()) {
                throw error("unexpected end of SFEN");
            }
            return text.charAt(at);
        }

        boolean space() {
            return !end() && text.charAt(at) == ' ';
        }

        void skipSpaces() {
            while (!end() && text.charAt(at) == ' ') {
                at++;
            }
        }

        ParseException error(String reason) {
            return new ParseException(
                    source, line, column0 + at, reason + " in SFEN '" + Quote.cut(text) + "'");
        }
    }
}
