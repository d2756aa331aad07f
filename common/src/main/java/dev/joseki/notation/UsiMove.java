package dev.joseki.notation;

import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * USI move text ({@code 7g7f}, {@code 8h2b+}, {@code P*5e}, {@code resign}, {@code win}) in and
 * out.
 */
public final class UsiMove {
    private UsiMove() {}

    /**
     * Reads a move in the position and checks that it is legal. Returns {@link Move#RESIGN} or
     * {@link Move#WIN} for those words (their validity is the game's business, not the parser's).
     */
    public static int parse(Position pos, String text, String source, int line, int column) {
        int m = parseSyntax(pos, text, source, line, column);
        if (Move.isSpecial(m)) {
            return m;
        }
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(pos, legal, 0);
        for (int i = 0; i < n; i++) {
            if (Move.move16(legal[i]) == Move.move16(m)) {
                return legal[i];
            }
        }
        throw new ParseException(
                source,
                line,
                column,
                "illegal move '" + Quote.cut(text) + "' in " + Sfen.write(pos));
    }

    public static int parse(Position pos, String text) {
        return parse(pos, text, "usi", 1, 1);
    }

    /** Reads the move's syntax only; fills in pieces from the board but does not check legality. */
    public static int parseSyntax(Position pos, String text, String source, int line, int column) {
        if (text == null || text.isEmpty()) {
            throw new ParseException(source, line, column, "missing move");
        }
        switch (text) {
            case "resign":
                return Move.RESIGN;
            case "win":
                return Move.WIN;
            default:
                break;
        }
        if (text.length() == 4 && text.charAt(1) == '*') {
            int t = Piece.fromUsiLetter(text.charAt(0));
            if (t == Piece.NONE || t == Piece.KING || !Character.isUpperCase(text.charAt(0))) {
                throw new ParseException(
                        source, line, column, "bad drop piece in '" + Quote.cut(text) + "'");
            }
            int to = Square.parseUsi(text, 2);
            if (to < 0) {
                throw new ParseException(
                        source, line, column + 2, "bad square in '" + Quote.cut(text) + "'");
            }
            return Move.drop(t, to, pos.sideToMove());
        }
        if (text.length() != 4 && !(text.length() == 5 && text.charAt(4) == '+')) {
            throw new ParseException(
                    source, line, column, "not a USI move: '" + Quote.cut(text) + "'");
        }
        int from = Square.parseUsi(text, 0);
        int to = Square.parseUsi(text, 2);
        if (from < 0) {
            throw new ParseException(
                    source, line, column, "bad from-square in '" + Quote.cut(text) + "'");
        }
        if (to < 0 || to == from) {
            throw new ParseException(
                    source, line, column + 2, "bad to-square in '" + Quote.cut(text) + "'");
        }
        return Move.make(from, to, pos.pieceOn(from), pos.pieceOn(to), text.length() == 5);
    }
}
