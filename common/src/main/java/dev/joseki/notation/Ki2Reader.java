package dev.joseki.notation;

import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Piece;
import java.util.List;

/**
 * KI2 records: the KIF preamble (headers, maybe a BOD diagram), then moves several to a line, each
 * starting with ▲ (Black) or △ (White) — also ☗/☖ — and naming no origin square ({@link Ki2Moves}
 * finds it), {@code *} comments, and a result line {@code まで172手で後手の勝ち}.
 */
public final class Ki2Reader {
    private static final String MARKS = "▲△☗☖";

    private final String source;
    private final RecordBuilder game;
    private final KifPreamble preamble;
    private final int[] legal = new int[MoveGenerator.MAX_MOVES];
    private int previousTo = -1;

    private Ki2Reader(String source) {
        this.source = source;
        this.game = new RecordBuilder(source, RecordFormat.KI2);
        this.preamble = new KifPreamble(source, game);
    }

    public static List<GameRecord> read(String text, String source) {
        Ki2Reader r = new Ki2Reader(source);
        List<String> lines = RecordText.lines(text);
        for (int i = 0; i < lines.size(); i++) {
            if (!r.line(CsaReader.stripEnd(lines.get(i)), i + 1)) {
                break;
            }
        }
        r.startMoves(lines.size());
        return List.of(r.game.build());
    }

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
            int star = s.indexOf('*');
            KifEnding.resultLine(game, star < 0 ? s : s.substring(0, star), lineNo);
            if (star >= 0) {
                game.comment(s.substring(star + 1));
            }
            return true;
        }
        if (MARKS.indexOf(s.charAt(0)) < 0) {
            if (game.started() && line.indexOf('：') < 0) {
                throw new ParseException(
                        source,
                        lineNo,
                        1,
                        "expected moves starting with ▲ or △: '" + Quote.cut(s) + "'");
            }
            if (!preamble.line(line, lineNo)) {
                throw new ParseException(
                        source,
                        lineNo,
                        1,
                        "not a KI2 header, diagram or move: '" + Quote.cut(s) + "'");
            }
            return true;
        }
        startMoves(lineNo);
        int i = line.indexOf(s.charAt(0));
        while (i < line.length()) {
            char mark = line.charAt(i);
            if (MARKS.indexOf(mark) < 0) {
                throw new ParseException(source, lineNo, i + 1, "expected ▲ or △");
            }
            int next = i + 1;
            while (next < line.length() && MARKS.indexOf(line.charAt(next)) < 0) {
                next++;
            }
            move(line.substring(0, next), i, mark, lineNo);
            i = next;
        }
        return true;
    }

    private void startMoves(int lineNo) {
        if (!game.started()) {
            game.start(preamble.startPosition(lineNo), lineNo, 1);
        }
    }

    /** One move: {@code line[at]} is its mark, the move text ends where {@code line} ends. */
    private void move(String line, int at, char mark, int lineNo) {
        int us = game.position().sideToMove();
        int color = mark == '▲' || mark == '☗' ? Piece.BLACK : Piece.WHITE;
        if (color != us) {
            throw new ParseException(
                    source,
                    lineNo,
                    at + 1,
                    "it is " + (us == Piece.BLACK ? "Black" : "White") + "'s turn");
        }
        String word = KifEnding.word(line, at + 1);
        if (word != null) {
            Terminal t = Terminal.fromKif(word);
            if (t == null) {
                throw new ParseException(
                        source, lineNo, at + 2, "unknown terminal '" + Quote.cut(word) + "'");
            }
            game.terminal(t, lineNo, at + 2);
            checkRest(line, at + 1 + word.length(), lineNo);
            return;
        }
        KifMoveText mt = KifMoveText.parse(line, at + 1, previousTo, false, source, lineNo);
        checkRest(line, mt.end(), lineNo);
        String text = line.substring(at, mt.end());
        int n = game.legalMoves(legal);
        int m = Ki2Moves.find(mt, legal, n, us, text, source, lineNo, at + 1);
        game.play(m, lineNo, at + 1, text);
        previousTo = mt.to();
    }

    private void checkRest(String line, int from, int lineNo) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c != ' ' && c != '　' && c != '\t') {
                throw new ParseException(
                        source, lineNo, i + 1, "unexpected '" + c + "' after a move");
            }
        }
    }
}
