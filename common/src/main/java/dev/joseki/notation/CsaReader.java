package dev.joseki.notation;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * CSA records, V2 to V2.2 and V3.0 (record_v22.html, record_v3.html), also files without a version
 * line. A line may hold several items separated by commas ({@code +7776FU,T0,'comment}); a line
 * that starts with {@code '} is one comment. Games are separated by lines holding only {@code /}.
 *
 * <p>Per game: (1) version, names, {@code $} information and comments; (2) the start position —
 * {@code PI} with optional pieces removed, or rows {@code P1}…{@code P9}, plus piece lists {@code
 * P+}/{@code P-} ({@code 00} = hand, {@code 00AL} = the rest) — closed by the side-to-move line
 * {@code +} or {@code -}; (3) moves with the piece as it stands after the move, {@code T} times,
 * comments and a {@code %} terminal.
 */
public final class CsaReader {
    private final String source;
    private final List<GameRecord> games = new ArrayList<>();
    private RecordBuilder game;
    private BoardSetup setup;
    private boolean usedPi, usedRows;
    private int lineNo;

    private CsaReader(String source) {
        this.source = source;
    }

    /** Every game in the text, in order. */
    public static List<GameRecord> read(String text, String source) {
        CsaReader r = new CsaReader(source);
        r.game = new RecordBuilder(source, RecordFormat.CSA);
        List<String> lines = RecordText.lines(text);
        for (int i = 0; i < lines.size(); i++) {
            r.lineNo = i + 1;
            r.line(lines.get(i));
        }
        r.lineNo = lines.size();
        r.finishGame();
        if (r.games.isEmpty()) {
            throw new ParseException(
                    source, Math.max(1, lines.size()), 1, "no game in the CSA text");
        }
        return r.games;
    }

    private void line(String raw) {
        String line = stripEnd(raw);
        if (line.isBlank()) {
            return;
        }
        if (line.charAt(0) == '\'') {
            if (!line.startsWith("'CSA encoding=")) {
                game.comment(line.substring(1));
            }
            return;
        }
        if (line.equals("/")) {
            finishGame();
            game = new RecordBuilder(source, RecordFormat.CSA);
            setup = null;
            usedPi = usedRows = false;
            return;
        }
        int start = 0;
        while (start <= line.length()) {
            int comma = line.indexOf(',', start);
            int end = comma < 0 ? line.length() : comma;
            int from = start;
            while (from < end && line.charAt(from) == ' ') {
                from++;
            }
            String item = stripEnd(line.substring(from, end));
            if (item.startsWith("'")) {
                // A comment runs to the end of the line, commas included.
                game.comment(line.substring(from + 1));
                return;
            }
            if (!item.isEmpty()) {
                item(item, from + 1);
            }
            if (comma < 0) {
                break;
            }
            start = comma + 1;
        }
    }

    private void item(String s, int col) {
        char c = s.charAt(0);
        if (c == 'V') {
            game.header("VERSION", s.substring(1));
        } else if (s.startsWith("N+")) {
            game.blackName(s.substring(2));
        } else if (s.startsWith("N-")) {
            game.whiteName(s.substring(2));
        } else if (c == '$') {
            int colon = s.indexOf(':');
            if (colon < 2) {
                throw error(col, "game information needs '$KEY:value'");
            }
            game.header(s.substring(1, colon), s.substring(colon + 1));
        } else if (c == 'P') {
            positionLine(s, col);
        } else if (s.equals("+") || s.equals("-")) {
            sideToMove(c == '+' ? Piece.BLACK : Piece.WHITE, col);
        } else if (c == '+' || c == '-') {
            move(s, col);
        } else if (c == 'T') {
            game.seconds(seconds(s, col), lineNo, col);
        } else if (c == '%') {
            Terminal t = Terminal.fromCsa(s);
            if (t == null) {
                throw error(col, "unknown special move '" + Quote.cut(s) + "'");
            }
            if (!game.started()) {
                throw error(col, "'" + Quote.cut(s) + "' before the start position");
            }
            game.terminal(t, lineNo, col);
        } else {
            throw error(col, "not a CSA line: '" + Quote.cut(s) + "'");
        }
    }

    // ------------------------------------------------------------ start position

    private void positionLine(String s, int col) {
        if (game.started()) {
            throw error(col, "position line after the start position was closed");
        }
        if (s.length() < 2) {
            throw error(col, "incomplete position line");
        }
        char k = s.charAt(1);
        if (k == 'I') {
            if (usedPi || usedRows) {
                throw error(col, "PI after another position line");
            }
            usedPi = true;
            setup = BoardSetup.of(Sfen.startPosition());
            for (int at = 2; at < s.length(); at += 4) {
                int sq = CsaNames.square(s, at), t = CsaNames.type(s, at + 2);
                if (sq < 0
                        || t == Piece.NONE
                        || setup.board[sq] == 0
                        || Piece.type(setup.board[sq]) != t) {
                    throw error(
                            col + at,
                            "PI removes pieces as <square><piece> standing in the even position");
                }
                setup.board[sq] = 0;
            }
        } else if (k >= '1' && k <= '9') {
            if (usedPi) {
                throw error(col, "P1-P9 rows mixed with PI");
            }
            usedRows = true;
            row(s, k - '0', col);
        } else if (k == '+' || k == '-') {
            pieceList(s, k == '+' ? Piece.BLACK : Piece.WHITE, col);
        } else {
            throw error(col, "unknown position line '" + Quote.cut(s) + "'");
        }
    }

    private BoardSetup setup() {
        if (setup == null) {
            setup = new BoardSetup();
        }
        return setup;
    }

    /**
     * A row {@code P2 * -HI * * * * * -KA * }: nine squares of three characters. Squares are read
     * as tokens ({@code *} or sign + name) so that rows whose blanks were collapsed or trimmed
     * still read.
     */
    private void row(String s, int rank, int col) {
        BoardSetup b = setup();
        int i = 2;
        for (int cell = 0; cell < 9; cell++) {
            while (i < s.length() && s.charAt(i) == ' ') {
                i++;
            }
            int sq = dev.joseki.rules.Square.of(9 - cell, rank);
            if (i >= s.length()) {
                throw error(col + i, "row " + rank + " has " + cell + " squares, expected 9");
            }
            char c = s.charAt(i);
            if (c == '*') {
                b.board[sq] = 0;
                i++;
                continue;
            }
            int t = CsaNames.type(s, i + 1);
            if ((c != '+' && c != '-') || t == Piece.NONE) {
                throw error(
                        col + i, "bad square in row " + rank + " (expected ' * ' or e.g. '+FU')");
            }
            b.board[sq] = Piece.make(c == '+' ? Piece.BLACK : Piece.WHITE, t);
            i += 3;
        }
        if (!s.substring(i).isBlank()) {
            throw error(col + i, "text after the ninth square of row " + rank);
        }
    }

    private void pieceList(String s, int color, int col) {
        BoardSetup b = setup();
        if ((s.length() - 2) % 4 != 0 || s.length() == 2) {
            throw error(col, "piece list needs <square><piece> groups of 4 characters");
        }
        for (int at = 2; at < s.length(); at += 4) {
            int sq = CsaNames.square(s, at);
            if (sq == CsaNames.HAND && s.startsWith("AL", at + 2)) {
                b.restToHand(color);
                continue;
            }
            int t = CsaNames.type(s, at + 2);
            if (sq == -1 || t == Piece.NONE) {
                throw error(col + at, "bad piece '" + s.substring(at, at + 4) + "'");
            }
            if (sq == CsaNames.HAND) {
                if (t > Piece.GOLD) {
                    throw error(col + at, "only unpromoted pieces other than the king go to hand");
                }
                b.hand[color][t]++;
            } else {
                if (b.board[sq] != 0) {
                    throw error(col + at, "square " + CsaNames.square(sq) + " is already occupied");
                }
                b.board[sq] = Piece.make(color, t);
            }
        }
    }

    private void sideToMove(int color, int col) {
        if (game.started()) {
            throw error(col, "side-to-move line after the start position was closed");
        }
        if (setup == null) {
            throw error(col, "side to move given before any position line (PI or P1-P9)");
        }
        setup.side = color;
        Position pos = setup.toPosition(source, lineNo, col);
        game.start(pos, lineNo, col);
    }

    // ------------------------------------------------------------ moves

    private void move(String s, int col) {
        if (!game.started()) {
            throw error(col, "move before the start position is closed by a '+' or '-' line");
        }
        if (s.length() != 7) {
            throw error(
                    col, "a move is <sign><from><to><piece>, e.g. +7776FU: '" + Quote.cut(s) + "'");
        }
        Position pos = game.position();
        int color = s.charAt(0) == '+' ? Piece.BLACK : Piece.WHITE;
        if (color != pos.sideToMove()) {
            throw error(
                    col,
                    "'"
                            + Quote.cut(s)
                            + "' but it is "
                            + (pos.sideToMove() == Piece.BLACK ? "Black" : "White")
                            + "'s turn");
        }
        int from = CsaNames.square(s, 1), to = CsaNames.square(s, 3), t = CsaNames.type(s, 5);
        if (from == -1) {
            throw error(col + 1, "bad from-square in '" + Quote.cut(s) + "'");
        }
        if (to < 0) {
            throw error(col + 3, "bad to-square in '" + Quote.cut(s) + "'");
        }
        if (t == Piece.NONE) {
            throw error(col + 5, "unknown piece in '" + Quote.cut(s) + "'");
        }
        int candidate;
        if (from == CsaNames.HAND) {
            if (t > Piece.GOLD) {
                throw error(
                        col + 5, "cannot drop " + CsaNames.name(t) + ": '" + Quote.cut(s) + "'");
            }
            candidate = Move.drop(t, to, color);
        } else {
            int p = pos.pieceOn(from);
            if (p == 0 || Piece.color(p) != color) {
                throw error(
                        col + 1,
                        "no own piece on " + CsaNames.square(from) + ": '" + Quote.cut(s) + "'");
            }
            int before = Piece.type(p);
            boolean promote = t != before;
            if (promote && !(Piece.canPromote(before) && t == Piece.promoted(before))) {
                throw error(
                        col + 5,
                        CsaNames.name(before)
                                + " on "
                                + CsaNames.square(from)
                                + " cannot become "
                                + CsaNames.name(t)
                                + ": '"
                                + Quote.cut(s)
                                + "'");
            }
            candidate = Move.make(from, to, p, pos.pieceOn(to), promote);
        }
        game.play(candidate, lineNo, col, s);
    }

    /** {@code T<seconds>}; V3.0 may give fractions, which are truncated. */
    private int seconds(String s, int col) {
        String digits = s.substring(1);
        int dot = digits.indexOf('.');
        String whole = dot < 0 ? digits : digits.substring(0, dot);
        String frac = dot < 0 ? "" : digits.substring(dot + 1);
        if (whole.isEmpty()
                || whole.length() > 9
                || !whole.chars().allMatch(ch -> ch >= '0' && ch <= '9')
                || !frac.chars().allMatch(ch -> ch >= '0' && ch <= '9')
                || (dot >= 0 && frac.isEmpty())) {
            throw error(col, "time must be T<seconds>: '" + Quote.cut(s) + "'");
        }
        return Integer.parseInt(whole);
    }

    private void finishGame() {
        if (!game.touched()) {
            return;
        }
        if (!game.started()) {
            throw error(1, "game without a start position (PI or P1-P9 and a '+' or '-' line)");
        }
        games.add(game.build());
    }

    private ParseException error(int col, String why) {
        return new ParseException(source, lineNo, col, why);
    }

    static String stripEnd(String s) {
        int e = s.length();
        while (e > 0 && (s.charAt(e - 1) == ' ' || s.charAt(e - 1) == '\t')) {
            e--;
        }
        return s.substring(0, e);
    }
}
