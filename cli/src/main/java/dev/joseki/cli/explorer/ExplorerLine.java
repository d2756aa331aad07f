package dev.joseki.cli.explorer;

import dev.joseki.notation.GameRecord;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiRecordReader;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * The line the explorer shows: a start position and the moves played from it, every move checked
 * legal by the rules. Built from what a user may paste: {@code startpos}, an SFEN, or a USI line
 * ({@code position startpos moves ...}, {@code sfen ... moves ...}), plus optional further USI
 * moves. {@code book probe --sfen} reads its position the same way. Both parts are replayed as one
 * game by {@link UsiRecordReader}, so repetition ends the line the same wherever its moves were
 * written, and the start must be a game position (both kings; see {@link Sfen}).
 *
 * @param startSfen the start position in SFEN
 * @param moves the packed moves, each legal in the position before it
 */
public record ExplorerLine(String startSfen, List<Integer> moves) {
    /**
     * Longest line, in plies, over both parameters: longer than any real game, short enough to
     * answer fast.
     */
    public static final int MAX_PLIES = 1000;

    public ExplorerLine {
        moves = List.copyOf(moves);
    }

    /**
     * Parses the {@code sfen} and {@code moves} query parameters; either may be null or blank. Bad
     * input throws {@link ParseException} naming the parameter ("sfen" or "moves") and the column.
     */
    public static ExplorerLine parse(String position, String extraMoves) {
        return parse(position, extraMoves, "sfen");
    }

    /**
     * As {@link #parse(String, String)}, errors in the position naming {@code source} (e.g.
     * "--sfen").
     */
    public static ExplorerLine parse(String position, String extraMoves, String source) {
        String text = position == null ? "" : position.strip();
        String more = extraMoves == null ? "" : extraMoves;
        String line;
        if (text.isEmpty() || text.equals("startpos")) {
            line = "startpos";
        } else if (text.startsWith("position ")
                || text.startsWith("startpos ")
                || text.startsWith("sfen ")) {
            line = text;
        } else {
            line = "sfen " + Sfen.write(Sfen.parse(text, source, 1, 1));
        }
        // Counted before anything is replayed: a 68,000-ply line must cost no more than a short
        // one.
        int at = line.indexOf(" moves ");
        int plies = words(more) + (at < 0 ? 0 : words(line.substring(at + " moves ".length())));
        if (plies > MAX_PLIES) {
            throw new ParseException(
                    words(more) > 0 ? "moves" : source,
                    1,
                    1,
                    "a line of " + plies + " plies; the explorer shows at most " + MAX_PLIES);
        }
        GameRecord g = UsiRecordReader.line(line, source, more, "moves");
        // USI lines admit mate problems (no attacker's king); the explorer shows games only.
        Sfen.parse(g.startSfen(), source, 1, 1);
        List<Integer> moves = new ArrayList<>();
        for (int m : g.moveArray()) {
            moves.add(m);
        }
        return new ExplorerLine(g.startSfen(), moves);
    }

    private static int words(String s) {
        int n = 0;
        for (String w : s.split(" ")) {
            n += w.isEmpty() ? 0 : 1;
        }
        return n;
    }

    /** A fresh position at the end of the line. */
    public Position position() {
        Position pos = Sfen.parse(startSfen);
        for (int m : moves) {
            pos.doMove(m);
        }
        return pos;
    }
}
