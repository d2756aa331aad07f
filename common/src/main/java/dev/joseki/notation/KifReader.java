package dev.joseki.notation;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import java.util.List;

/**
 * KIF records (Kakinoki format, kif_format.html): a preamble of headers and maybe a BOD diagram,
 * then numbered move lines {@code 1 ７六歩(77) ( 0:16/00:00:16)} with {@code 同}, {@code 成}, {@code
 * 不成}, {@code 打}, {@code *} comments, a terminal word and a result line. Branches ({@code 変化：N手}
 * blocks after the main line) are skipped; the {@code +} branch marker is ignored. Lines starting
 * with {@code #} are comments of the file, not of the game.
 */
public final class KifReader {
    private final String source;
    private final RecordBuilder game;
    private final KifPreamble preamble;
    private int previousTo = -1;

    private KifReader(String source) {
        this.source = source;
        this.game = new RecordBuilder(source, RecordFormat.KIF);
        this.preamble = new KifPreamble(source, game);
    }

    /** The main line of the one game in the text. */
    public static List<GameRecord> read(String text, String source) {
        KifReader r = new KifReader(source);
        List<String> lines = RecordText.lines(text);
        for (int i = 0; i < lines.size(); i++) {
            if (!r.line(CsaReader.stripEnd(lines.get(i)), i + 1)) {
                break;
            }
        }
        if (!r.game.started()) {
            r.startMoves(lines.size());
        }
        return List.of(r.game.build());
    }

    /** Returns false when the rest of the file is to be skipped (branches). */
    private boolean line(String line, int lineNo) {
        String s = line.strip();
        if (s.isEmpty() || s.startsWith("#") || s.startsWith("&")) {
            return true;
        }
        if (s.startsWith("*")) {
            game.comment(s.substring(1));
            return true;
        }
        if (s.startsWith("変化：") || s.startsWith("変化:")) {
            return false;
        }
        if (s.startsWith("まで")) {
            startMoves(lineNo);
            KifEnding.resultLine(game, s, lineNo);
            return true;
        }
        int digits = 0;
        while (digits < s.length()
                && Character.isDigit(s.charAt(digits))
                && s.charAt(digits) < 128) {
            digits++;
        }
        boolean moveLine =
                digits > 0
                        && digits < 8
                        && (digits == s.length()
                                || s.charAt(digits) == ' '
                                || s.charAt(digits) == '　');
        if (!game.started() && !moveLine) {
            if (s.startsWith("手数") && s.contains("指手")) {
                startMoves(lineNo);
                return true;
            }
            if (!preamble.line(line, lineNo)) {
                throw new ParseException(
                        source,
                        lineNo,
                        1,
                        "not a KIF header, diagram or move: '" + Quote.cut(s) + "'");
            }
            return true;
        }
        if (!moveLine) {
            if (line.indexOf('：') > 0 && !preamble.hasDiagram()) {
                // A header after the moves (some writers put 終了日時 last).
                preamble.line(line, lineNo);
                return true;
            }
            throw new ParseException(
                    source, lineNo, 1, "expected a numbered move line: '" + Quote.cut(s) + "'");
        }
        startMoves(lineNo);
        int offset = line.indexOf(s);
        move(line, offset, digits, lineNo);
        return true;
    }

    private void startMoves(int lineNo) {
        if (!game.started()) {
            game.start(preamble.startPosition(lineNo), lineNo, 1);
        }
    }

    private void move(String line, int offset, int digits, int lineNo) {
        int ply = Integer.parseInt(line.substring(offset, offset + digits));
        int expected = game.plies() + 1;
        if (ply != expected) {
            throw new ParseException(
                    source, lineNo, offset + 1, "move number " + ply + ", expected " + expected);
        }
        int at = offset + digits;
        while (at < line.length() && (line.charAt(at) == ' ' || line.charAt(at) == '　')) {
            at++;
        }
        String word = KifEnding.word(line, at);
        int end;
        if (word != null) {
            Terminal t = Terminal.fromKif(word);
            if (t == null) {
                throw new ParseException(
                        source, lineNo, at + 1, "unknown terminal '" + Quote.cut(word) + "'");
            }
            game.terminal(t, lineNo, at + 1);
            end = at + word.length();
        } else {
            KifMoveText mt = KifMoveText.parse(line, at, previousTo, true, source, lineNo);
            game.play(
                    candidate(mt, line, at, lineNo), lineNo, at + 1, line.substring(at, mt.end()));
            previousTo = mt.to();
            end = mt.end();
        }
        time(line, end, lineNo);
    }

    private int candidate(KifMoveText mt, String line, int at, int lineNo) {
        Position pos = game.position();
        int us = pos.sideToMove();
        if (mt.drop()) {
            if (mt.type() > Piece.GOLD) {
                throw new ParseException(
                        source, lineNo, at + 1, "cannot drop " + KifNames.name(mt.type()));
            }
            return Move.drop(mt.type(), mt.to(), us);
        }
        int p = pos.pieceOn(mt.from());
        if (p == 0 || Piece.color(p) != us || Piece.type(p) != mt.type()) {
            throw new ParseException(
                    source,
                    lineNo,
                    at + 1,
                    "no "
                            + KifNames.name(mt.type())
                            + " of the side to move on "
                            + dev.joseki.rules.Square.usi(mt.from())
                            + ": '"
                            + line.substring(at, mt.end())
                            + "'");
        }
        return Move.make(mt.from(), mt.to(), p, pos.pieceOn(mt.to()), mt.promote());
    }

    /** Reads an optional {@code ( m:ss/h:mm:ss)} and the branch marker {@code +} after a move. */
    private void time(String line, int at, int lineNo) {
        int i = at;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '　')) {
            i++;
        }
        if (i < line.length() && line.charAt(i) == '(') {
            int close = line.indexOf(')', i);
            if (close < 0) {
                throw new ParseException(source, lineNo, i + 1, "unclosed time");
            }
            String inner = line.substring(i + 1, close).strip();
            int slash = inner.indexOf('/');
            String mine = (slash < 0 ? inner : inner.substring(0, slash)).strip();
            int colon = mine.indexOf(':');
            int secs = -1;
            if (colon > 0 && colon <= 6 && mine.length() - colon - 1 == 2) {
                String m = mine.substring(0, colon), s = mine.substring(colon + 1);
                if (m.chars().allMatch(Character::isDigit)
                        && s.chars().allMatch(Character::isDigit)
                        && m.chars().allMatch(c -> c < 128)
                        && s.chars().allMatch(c -> c < 128)) {
                    secs = Integer.parseInt(m) * 60 + Integer.parseInt(s);
                }
            }
            if (secs < 0) {
                throw new ParseException(source, lineNo, i + 2, "time must be (m:ss/h:mm:ss)");
            }
            game.seconds(secs, lineNo, i + 1);
            i = close + 1;
        }
        String rest = line.substring(Math.min(i, line.length())).strip();
        if (!rest.isEmpty() && !rest.equals("+")) {
            throw new ParseException(
                    source,
                    lineNo,
                    i + 1,
                    "unexpected text after the move: '" + Quote.cut(rest) + "'");
        }
    }
}
