package dev.joseki.book.builder;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.util.Arrays;

/**
 * A {@link GameInput} checked move by move against the rules: every move must be legal (an illegal
 * move rejects the whole record with a ParseException naming the move). The result is the source's;
 * when the source gives none, a record ending in checkmate is a loss for the mated side, {@code
 * resign} a loss for the resigning side, and anything else unfinished (no win/draw/loss is counted
 * for it).
 */
public record ReplayedGame(Position start, int[] moves, Result result) {

    public static ReplayedGame of(GameInput in) {
        if (in.error() != null) {
            throw new IllegalArgumentException(in.error());
        }
        Position start = Sfen.parse(in.startSfen(), in.source(), 1, 1);
        Position pos = start.copy();
        int[] moves = new int[in.usiMoves().length];
        int n = 0;
        Result judged = Result.UNFINISHED;
        int[] legal = new int[MoveGenerator.MAX_MOVES]; // one buffer for the whole game
        for (int i = 0; i < moves.length; i++) {
            String usi = in.usiMoves()[i];
            int m;
            try {
                m =
                        legalMove(
                                pos,
                                UsiMove.parseSyntax(pos, usi, in.source(), 1, 1),
                                usi,
                                legal,
                                in.source());
            } catch (ParseException e) {
                throw new ParseException(
                        in.source(), e.line(), e.column(), "move " + (i + 1) + ": " + e.reason());
            }
            if (m == Move.RESIGN) {
                judged = Result.loser(pos.sideToMove());
                break;
            } else if (Move.isSpecial(m)) {
                break;
            }
            pos.doMove(m);
            moves[n++] = m;
        }
        if (judged == Result.UNFINISHED && MoveGenerator.generateLegal(pos, legal, 0) == 0) {
            judged = Result.loser(pos.sideToMove());
        }
        Result result = in.result() != null ? in.result() : judged;
        return new ReplayedGame(start, Arrays.copyOf(moves, n), result);
    }

    /**
     * The legal move of pos with the parsed move's 16 bits (as UsiMove.parse), reusing the move
     * buffer.
     */
    private static int legalMove(Position pos, int parsed, String usi, int[] legal, String source) {
        if (Move.isSpecial(parsed)) {
            return parsed;
        }
        int n = MoveGenerator.generateLegal(pos, legal, 0);
        for (int i = 0; i < n; i++) {
            if (Move.move16(legal[i]) == Move.move16(parsed)) {
                return legal[i];
            }
        }
        throw new ParseException(source, 1, 1, "illegal move '" + usi + "' in " + Sfen.write(pos));
    }
}
