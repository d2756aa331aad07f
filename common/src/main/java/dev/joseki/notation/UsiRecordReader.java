package dev.joseki.notation;

import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * USI game lines, one game per line: {@code position startpos moves 7g7f ...} or {@code position
 * sfen <sfen> moves ...}; the word {@code position} may be left out. A final {@code resign} or
 * {@code win} is the terminal. Blank lines and lines starting with {@code #} are skipped.
 */
public final class UsiRecordReader {
    private UsiRecordReader() {}

    public static List<GameRecord> read(String text, String source) {
        List<GameRecord> games = new ArrayList<>();
        List<String> lines = RecordText.lines(text);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.strip().startsWith("#")) {
                continue;
            }
            games.add(line(line, source, i + 1));
        }
        if (games.isEmpty()) {
            throw new ParseException(
                    source, Math.max(1, lines.size()), 1, "no game in the USI text");
        }
        return games;
    }

    /** One game line; {@code lineNo} is used in error messages. */
    public static GameRecord line(String line, String source, int lineNo) {
        return line(line, source, lineNo, "", source).build();
    }

    /**
     * A game line continued by further space-separated USI moves from another text ({@code more},
     * errors named {@code moreSource}:1:column). Both are replayed by one game, so the rules
     * (repetition, the end of the game) judge the whole line the same wherever its moves were
     * written.
     */
    public static GameRecord line(String line, String source, String more, String moreSource) {
        return line(line, source, 1, more, moreSource).build();
    }

    private static RecordBuilder line(
            String line, String source, int lineNo, String more, String moreSource) {
        List<int[]> spans = tokens(line);
        int k = 0;
        if (k < spans.size() && word(line, spans.get(k)).equals("position")) {
            k++;
        }
        if (k >= spans.size()) {
            throw new ParseException(
                    source, lineNo, line.length() + 1, "expected 'startpos' or 'sfen'");
        }
        RecordBuilder game = new RecordBuilder(source, RecordFormat.USI);
        String head = word(line, spans.get(k));
        int col = spans.get(k)[0] + 1;
        Position start;
        if (head.equals("startpos")) {
            start = Sfen.startPosition();
            k++;
        } else if (head.equals("sfen")) {
            int first = ++k;
            while (k < spans.size() && !word(line, spans.get(k)).equals("moves")) {
                k++;
            }
            if (first == k) {
                throw new ParseException(source, lineNo, col + 4, "missing SFEN after 'sfen'");
            }
            int from = spans.get(first)[0];
            start =
                    Sfen.parseProblem(
                            line.substring(from, spans.get(k - 1)[1]), source, lineNo, from + 1);
        } else {
            throw new ParseException(
                    source,
                    lineNo,
                    col,
                    "expected 'startpos' or 'sfen', got '" + Quote.cut(head) + "'");
        }
        game.start(start, lineNo, col);
        if (k < spans.size()) {
            if (!word(line, spans.get(k)).equals("moves")) {
                throw new ParseException(source, lineNo, spans.get(k)[0] + 1, "expected 'moves'");
            }
            moves(game, line, spans.subList(k + 1, spans.size()), source, lineNo);
        }
        moves(game, more, tokens(more), moreSource, 1);
        return game;
    }

    private static void moves(
            RecordBuilder game, String text, List<int[]> spans, String source, int lineNo) {
        for (int[] span : spans) {
            String w = word(text, span);
            int c = span[0] + 1;
            if (game.terminal() != null) {
                throw new ParseException(
                        source,
                        lineNo,
                        c,
                        "move after '"
                                + (game.terminal() == Terminal.RESIGN ? "resign" : "win")
                                + "'");
            }
            if (w.equals("resign")) {
                game.terminal(Terminal.RESIGN, lineNo, c);
            } else if (w.equals("win")) {
                game.terminal(Terminal.KACHI, lineNo, c);
            } else {
                int m = UsiMove.parseSyntax(game.position(), w, source, lineNo, c);
                if (Move.isSpecial(m)) {
                    throw new ParseException(
                            source, lineNo, c, "not a move: '" + Quote.cut(w) + "'");
                }
                try {
                    game.play(m, lineNo, c, w);
                } catch (ParseException e) {
                    // The builder names the game's source; these moves may come from another text.
                    throw new ParseException(source, e.line(), e.column(), e.reason());
                }
            }
        }
    }

    private static String word(String line, int[] span) {
        return line.substring(span[0], span[1]);
    }

    /** [start, end) of each space-separated word. */
    private static List<int[]> tokens(String line) {
        List<int[]> out = new ArrayList<>();
        int i = 0, n = line.length();
        while (i < n) {
            while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
                i++;
            }
            int s = i;
            while (i < n && line.charAt(i) != ' ' && line.charAt(i) != '\t') {
                i++;
            }
            if (i > s) {
                out.add(new int[] {s, i});
            }
        }
        return out;
    }
}
