package dev.joseki.play.usi;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Quote;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.util.Arrays;

/**
 * A USI {@code position startpos|sfen <sfen> [moves ...]} command, read into the position it sets
 * and whether the side to move was in check at each ply of its history (checks[0] for the root).
 */
record PositionCommand(Position position, boolean[] checks) {
    static PositionCommand parse(String[] t) {
        if (t.length < 2) {
            throw new IllegalArgumentException(
                    "expected 'position startpos|sfen <sfen> [moves ...]'");
        }
        Position pos;
        int i;
        if (t[1].equals("startpos")) {
            pos = Sfen.startPosition();
            i = 2;
        } else if (t[1].equals("sfen")) {
            if (t.length < 6) {
                throw new IllegalArgumentException("sfen needs board, side, hand and move number");
            }
            pos = sfen(String.join(" ", Arrays.copyOfRange(t, 2, 6)));
            i = 6;
        } else {
            throw new IllegalArgumentException(
                    "expected startpos or sfen, got '" + Quote.cut(t[1]) + "'");
        }
        boolean[] inCheck = new boolean[Math.max(1, t.length)];
        inCheck[0] = pos.inCheck();
        if (i < t.length) {
            if (!t[i].equals("moves")) {
                throw new IllegalArgumentException(
                        "expected 'moves', got '" + Quote.cut(t[i]) + "'");
            }
            for (int j = i + 1; j < t.length; j++) {
                int m;
                try {
                    m = UsiMove.parse(pos, t[j]);
                } catch (ParseException e) {
                    throw new IllegalArgumentException(
                            "move " + (j - i) + " '" + Quote.cut(t[j]) + "': " + e.getMessage());
                }
                pos.doMove(m);
                inCheck[pos.historyLength()] = pos.inCheck();
            }
        }
        return new PositionCommand(pos, Arrays.copyOf(inCheck, pos.historyLength() + 1));
    }

    private static Position sfen(String sfen) {
        try {
            return Sfen.parseProblem(sfen);
        } catch (ParseException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }
}
