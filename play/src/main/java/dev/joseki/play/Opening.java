package dev.joseki.play;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a game starts: a position and the moves already played from it, by nobody (a tournament's
 * opening line, a self-play task's given moves). Invariant: the moves are board moves, legal one
 * after the other from {@code startSfen} (checked where the opening was read).
 */
public record Opening(String startSfen, List<Integer> moves) {
    public static final Opening STARTPOS = new Opening(Sfen.STARTPOS, List.of());

    public Opening {
        moves = List.copyOf(moves);
    }

    /**
     * An opening read from text: an SFEN (empty for the start position) and USI moves. Throws
     * {@link ParseException} with source {@code source} and column = 1-based move for a malformed
     * or illegal move, or column 1 for a bad SFEN.
     */
    public static Opening fromUsi(String sfen, List<String> usiMoves, String source) {
        Position pos = sfen.isEmpty() ? Sfen.startPosition() : Sfen.parse(sfen, source, 1, 1);
        String start = Sfen.write(pos);
        List<Integer> moves = new ArrayList<>(usiMoves.size());
        for (String usi : usiMoves) {
            int m = UsiMove.parse(pos, usi, source, 1, moves.size() + 1);
            if (Move.isSpecial(m)) {
                throw new ParseException(
                        source, 1, moves.size() + 1, "'" + usi + "' is not a board move");
            }
            pos.doMove(m);
            moves.add(m);
        }
        return new Opening(start, moves);
    }

    public Position startPosition() {
        return Sfen.parse(startSfen);
    }

    /** The moves as USI text. */
    public List<String> usiMoves() {
        return moves.stream().map(Move::usi).toList();
    }

    /** Plays the line in {@code game} as far as the game lasts; returns the plies played. */
    public int playIn(Game game) {
        int played = 0;
        for (int m : moves) {
            if (game.isOver()) {
                break;
            }
            game.play(m);
            played++;
        }
        return played;
    }

    /** As a USI position line, for reports. */
    public String usi() {
        StringBuilder sb =
                new StringBuilder(
                        startSfen.equals(Sfen.STARTPOS) ? "startpos" : "sfen " + startSfen);
        if (!moves.isEmpty()) {
            sb.append(" moves");
            for (int m : moves) {
                sb.append(' ').append(Move.usi(m));
            }
        }
        return sb.toString();
    }
}
