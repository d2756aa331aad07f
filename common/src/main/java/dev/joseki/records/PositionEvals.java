package dev.joseki.records;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Protobuf {@link PositionEval} records: stable ids, the position an eval task names, and record
 * files (their book entries are {@code dev.joseki.book.builder.EvalEntries}'). A record file is a
 * sequence of length-delimited records (protobuf's {@code writeDelimitedTo}), what {@code evaluate
 * --out} and {@code book mine --record} write and {@link EvalRecordFile} reads.
 */
public final class PositionEvals {
    private PositionEvals() {}

    /**
     * Stable eval id: replaying a task reproduces the same ids, so duplicates are visible by key.
     */
    public static String evalId(String taskId, int index) {
        if (taskId.isEmpty() || index < 0) {
            throw new IllegalArgumentException(
                    "task id must be non-empty and the position index >= 0");
        }
        return taskId + "/" + index;
    }

    /**
     * The position reached from the start SFEN (empty: the start position) by the moves;
     * ParseException if illegal.
     */
    public static Position position(EvalPosition p, String source) {
        Position pos =
                p.getStartSfen().isEmpty()
                        ? Sfen.startPosition()
                        : Sfen.parse(p.getStartSfen(), source, 1, 1);
        for (int i = 0; i < p.getMovesCount(); i++) {
            int m = UsiMove.parse(pos, p.getMoves(i), source, 1, i + 1);
            if (Move.isSpecial(m)) {
                throw new ParseException(
                        source, 1, i + 1, "'" + p.getMoves(i) + "' is not a board move");
            }
            pos.doMove(m);
        }
        return pos;
    }

    /** Writes records length-delimited, in order. */
    public static void write(OutputStream out, Iterable<PositionEval> evals) throws IOException {
        for (PositionEval e : evals) {
            e.writeDelimitedTo(out);
        }
        out.flush();
    }
}
