package dev.joseki.cli.explorer;

import dev.joseki.notation.GameRecord;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.notation.UsiRecordReader;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * The line the explorer shows: a start position and the moves played from it, every move checked legal by
 * the rules. Built from what a user may paste: {@code startpos}, an SFEN, or a USI line
 * ({@code position startpos moves ...}, {@code sfen ... moves ...}), plus optional further USI moves.
 * {@code book probe --sfen} reads its position the same way.
 *
 * @param startSfen the start position in SFEN
 * @param moves     the packed moves, each legal in the position before it
 */
public record ExplorerLine(String startSfen, List<Integer> moves) {
    public ExplorerLine {
        moves = List.copyOf(moves);
    }

    /**
     * Parses the {@code sfen} and {@code moves} query parameters; either may be null or blank. Bad input
     * throws {@link ParseException} naming the parameter ("sfen" or "moves") and the column.
     */
    public static ExplorerLine parse(String position, String extraMoves) {
        return parse(position, extraMoves, "sfen");
    }

    /** As {@link #parse(String, String)}, errors in the position naming {@code source} (e.g. "--sfen"). */
    public static ExplorerLine parse(String position, String extraMoves, String source) {
        String text = position == null ? "" : position.strip();
        String start;
        List<Integer> moves = new ArrayList<>();
        if (text.isEmpty() || text.equals("startpos")) {
            start = Sfen.STARTPOS;
        } else if (text.startsWith("position ") || text.startsWith("startpos ") || text.startsWith("sfen ")) {
            GameRecord g = UsiRecordReader.line(text, source, 1);
            start = g.startSfen();
            for (int m : g.moveArray()) {
                moves.add(m);
            }
        } else {
            start = Sfen.write(Sfen.parse(text, source, 1, 1));
        }
        Position pos = Sfen.parse(start);
        for (int m : moves) {
            pos.doMove(m);
        }
        if (extraMoves != null) {
            int col = 1;
            for (String w : extraMoves.split(" ", -1)) {
                if (!w.isEmpty()) {
                    int m = UsiMove.parse(pos, w, "moves", 1, col);
                    if (Move.isSpecial(m)) {
                        throw new ParseException("moves", 1, col, "not a move: '" + w + "'");
                    }
                    pos.doMove(m);
                    moves.add(m);
                }
                col += w.length() + 1;
            }
        }
        return new ExplorerLine(start, moves);
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
