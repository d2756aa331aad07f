package dev.joseki.notation;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Square;

/**
 * The written form of one KIF or KI2 move before it is matched against the board: destination (or
 * {@code 同}), piece name, the words after it and, in KIF, the origin in parentheses.
 *
 * @param to destination square
 * @param type the piece type named (as it stands before the move)
 * @param relative KI2 relative words (右左直上引寄行入) in the order written, possibly empty
 * @param from KIF origin square, or -1 (drops, KI2)
 * @param end index in the line just after the move text
 */
record KifMoveText(
        int to,
        int type,
        String relative,
        boolean promote,
        boolean noPromote,
        boolean drop,
        int from,
        int end) {
    static final String RELATIVE = "右左直上引寄行入";

    /**
     * Parses a move at {@code line[at]}. {@code previousTo} is the last move's destination (-1
     * before the first move); {@code withOrigin} says the origin {@code (77)} follows board moves
     * (KIF).
     */
    static KifMoveText parse(
            String line, int at, int previousTo, boolean withOrigin, String source, int lineNo) {
        int i = at, to;
        if (i < line.length() && line.charAt(i) == '同') {
            if (previousTo < 0) {
                throw new ParseException(source, lineNo, i + 1, "'同' without a previous move");
            }
            to = previousTo;
            i++;
            while (i < line.length() && (line.charAt(i) == '　' || line.charAt(i) == ' ')) {
                i++;
            }
        } else {
            int f = i < line.length() ? KifNames.file(line.charAt(i)) : 0;
            int r = i + 1 < line.length() ? KifNames.rank(line.charAt(i + 1)) : 0;
            if (f == 0 || r == 0) {
                throw new ParseException(
                        source, lineNo, i + 1, "expected a destination like ７六 or 同");
            }
            to = Square.of(f, r);
            i += 2;
        }
        int[] len = new int[1];
        int type = KifNames.piece(line, i, len);
        if (type == Piece.NONE) {
            throw new ParseException(source, lineNo, i + 1, "expected a piece name");
        }
        i += len[0];
        StringBuilder rel = new StringBuilder();
        boolean promote = false, noPromote = false, drop = false;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (RELATIVE.indexOf(c) >= 0 && !withOrigin) {
                rel.append(c);
                i++;
            } else if (line.startsWith("不成", i)) {
                noPromote = true;
                i += 2;
            } else if (c == '生') {
                noPromote = true;
                i++;
            } else if (c == '成') {
                promote = true;
                i++;
            } else if (c == '打') {
                drop = true;
                i++;
            } else {
                break;
            }
        }
        if ((promote && noPromote) || (drop && (promote || noPromote))) {
            throw new ParseException(source, lineNo, i, "contradictory 成/不成/打");
        }
        int from = -1;
        if (withOrigin && !drop) {
            if (i + 4 > line.length()
                    || line.charAt(i) != '('
                    || line.charAt(i + 3) != ')'
                    || KifNames.file(line.charAt(i + 1)) == 0
                    || KifNames.file(line.charAt(i + 2)) == 0) {
                throw new ParseException(
                        source, lineNo, i + 1, "expected the origin square like (77)");
            }
            from = Square.of(KifNames.file(line.charAt(i + 1)), KifNames.file(line.charAt(i + 2)));
            i += 4;
        }
        return new KifMoveText(to, type, rel.toString(), promote, noPromote, drop, from, i);
    }
}
