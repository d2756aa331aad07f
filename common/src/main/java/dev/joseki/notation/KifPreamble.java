package dev.joseki.notation;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * The part of a KIF or KI2 file before the moves: {@code key：value} headers (full-width colon), the
 * {@code 手合割} handicap and an optional BOD diagram (hands {@code 後手の持駒：銀四　歩十二}, nine rows {@code |
 * ・v玉 …|一}, {@code 後手番}). {@link #startPosition} turns what was seen into the start: the diagram if
 * there is one, else the handicap, else the even position.
 */
final class KifPreamble {
    private final String source;
    private final RecordBuilder game;
    private final BoardSetup bod = new BoardSetup();
    private int bodRows;
    private boolean bodSeen;
    private String handicapSfen;
    private int handicapLine;

    KifPreamble(String source, RecordBuilder game) {
        this.source = source;
        this.game = game;
    }

    /** Consumes a header or diagram line; false if the line is neither. */
    boolean line(String line, int lineNo) {
        if (line.startsWith("|")) {
            boardRow(line, lineNo);
            return true;
        }
        String s = line.strip();
        if (s.startsWith("+--")
                || s.startsWith("９ ８")
                || s.startsWith("９　８")
                || s.startsWith("手数＝")) {
            return true;
        }
        switch (s) {
            case "先手番", "下手番" -> {
                bod.side = Piece.BLACK;
                return true;
            }
            case "後手番", "上手番" -> {
                bod.side = Piece.WHITE;
                return true;
            }
            default -> {}
        }
        int colon = line.indexOf('：');
        if (colon <= 0) {
            colon = line.indexOf(':');
            if (colon <= 0 || line.startsWith("手数")) {
                return false;
            }
        }
        String key = line.substring(0, colon).strip();
        String value = line.substring(colon + 1).strip();
        switch (key) {
            case "先手の持駒", "下手の持駒" -> hand(Piece.BLACK, value, lineNo, colon + 2);
            case "後手の持駒", "上手の持駒" -> hand(Piece.WHITE, value, lineNo, colon + 2);
            case "手合割" -> {
                game.header(key, value);
                String v = value.replace("　", "").strip();
                if (!v.equals("平手") && !v.equals("その他")) {
                    handicapSfen = KifNames.HANDICAPS.get(v);
                    if (handicapSfen == null) {
                        throw new ParseException(
                                source,
                                lineNo,
                                colon + 2,
                                "unknown handicap '" + Quote.cut(v) + "'");
                    }
                    handicapLine = lineNo;
                }
            }
            case "先手", "下手" -> {
                game.header(key, value);
                game.blackName(value);
            }
            case "後手", "上手" -> {
                game.header(key, value);
                game.whiteName(value);
            }
            default -> game.header(key, value);
        }
        return true;
    }

    /** Hands count only together with diagram rows (some writers add empty hands to even games). */
    private void hand(int color, String value, int lineNo, int col) {
        if (value.equals("なし") || value.isEmpty()) {
            return;
        }
        for (String item : value.split("[ 　]+")) {
            if (item.isEmpty()) {
                continue;
            }
            int[] len = new int[1];
            int t = KifNames.piece(item, 0, len);
            if (t == Piece.NONE || t > Piece.GOLD) {
                throw new ParseException(
                        source, lineNo, col, "not a piece in hand: '" + Quote.cut(item) + "'");
            }
            String count = item.substring(len[0]);
            int n = count.isEmpty() ? 1 : KifNames.number(count);
            if (n < 1 || n > Piece.FULL_SET[t]) {
                throw new ParseException(
                        source, lineNo, col, "bad count in '" + Quote.cut(item) + "'");
            }
            bod.hand[color][t] += n;
        }
    }

    private void boardRow(String line, int lineNo) {
        bodSeen = true;
        if (++bodRows > 9) {
            throw new ParseException(source, lineNo, 1, "more than nine diagram rows");
        }
        if (line.length() < 19) {
            throw new ParseException(
                    source, lineNo, 1, "a diagram row has nine 2-character squares");
        }
        for (int i = 0; i < 9; i++) {
            char mark = line.charAt(1 + 2 * i), name = line.charAt(2 + 2 * i);
            int sq = Square.of(9 - i, bodRows);
            if (name == '・' && (mark == ' ' || mark == '　')) {
                continue;
            }
            int[] len = new int[1];
            int t = KifNames.piece(String.valueOf(name), 0, len);
            if (t == Piece.NONE || (mark != ' ' && mark != 'v' && mark != '^')) {
                throw new ParseException(
                        source, lineNo, 2 + 2 * i, "bad diagram square '" + mark + name + "'");
            }
            bod.board[sq] = Piece.make(mark == 'v' ? Piece.WHITE : Piece.BLACK, t);
        }
    }

    boolean hasDiagram() {
        return bodSeen;
    }

    /** The start position, reported at lineNo if it is invalid. */
    Position startPosition(int lineNo) {
        if (bodSeen) {
            if (bodRows != 9) {
                throw new ParseException(
                        source, lineNo, 1, "the diagram has " + bodRows + " rows, expected 9");
            }
            return bod.toPosition(source, lineNo, 1);
        }
        if (handicapSfen != null) {
            return Sfen.parse(handicapSfen, source, handicapLine, 1);
        }
        return Sfen.startPosition();
    }
}
