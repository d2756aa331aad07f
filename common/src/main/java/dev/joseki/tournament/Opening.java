package dev.joseki.tournament;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.List;

/**
 * A start for one game pair: a position and the moves already played from it (both colours play the
 * same opening, colours swapped). Invariant: the moves are legal from {@code startSfen} (checked when the
 * suite was read).
 *
 * @param index 0-based line of the opening among the suite's openings
 */
public record Opening(int index, String startSfen, List<Integer> moves) {
    public static final Opening STARTPOS = new Opening(0, Sfen.STARTPOS, List.of());

    public Opening {
        moves = List.copyOf(moves);
    }

    public Position startPosition() {
        return Sfen.parse(startSfen);
    }

    /** As a USI line, for reports. */
    public String usi() {
        StringBuilder sb = new StringBuilder(startSfen.equals(Sfen.STARTPOS) ? "startpos" : "sfen " + startSfen);
        if (!moves.isEmpty()) {
            sb.append(" moves");
            for (int m : moves) {
                sb.append(' ').append(Move.usi(m));
            }
        }
        return sb.toString();
    }
}
