package dev.joseki.book.builder;

import dev.joseki.book.BookLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoverView;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The book entries of a {@link PositionEval} record. A record is never trusted: its entries are
 * derived from its SFEN and USI moves through the rules, with the same mover view as the counts
 * ({@link dev.joseki.book.GameExploder}), not from its {@code position_key}, which is there for
 * readers that match records to book positions without parsing.
 */
public final class EvalEntries {
    private EvalEntries() {}

    /**
     * The book's entry key of a move of a position (any side to move): full key ‖ move16, both
     * mover view.
     */
    public static byte[] entryKey(Position pos, int move) {
        return BookLayout.entryKey(FullKey.of(pos), MoverView.toMover(pos, move));
    }

    public static MoveEval moveEval(EvaluatedMove m) {
        return new MoveEval(m.getValue(), m.getDepth(), m.getNodes());
    }

    /**
     * Entry key to evaluation, one per move (a move listed twice keeps the {@link MoveEval#better}
     * one). IllegalArgumentException naming the record for a bad SFEN, an illegal move or a value
     * out of range.
     */
    public static Map<byte[], MoveEval> of(PositionEval e) {
        String source = "eval " + e.getEvalId();
        Map<byte[], MoveEval> out = new TreeMap<>(Arrays::compareUnsigned);
        try {
            Position pos = Sfen.parse(e.getSfen(), source, 1, 1);
            for (EvaluatedMove m : e.getMovesList()) {
                int move = UsiMove.parse(pos, m.getUsi(), source, 1, 1);
                if (Move.isSpecial(move)) {
                    throw new IllegalArgumentException(
                            source + ": '" + m.getUsi() + "' is not a board move");
                }
                out.merge(entryKey(pos, move), moveEval(m), MoveEval::better);
            }
        } catch (ParseException x) {
            throw new IllegalArgumentException(x.getMessage(), x);
        }
        return out;
    }
}
