package dev.joseki.records;

import dev.joseki.book.BookLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoverView;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Between protobuf {@link PositionEval} records and the book's eval table: stable ids, the position a
 * record is about, and its book entries. A record is never trusted: its entries are derived from its SFEN
 * and USI moves through the rules (the same mover view as {@link dev.joseki.book.GameExploder}), not from
 * its {@code position_key}, which is there for readers that match records to book positions without
 * parsing. A record file is a sequence of length-delimited records (protobuf's {@code writeDelimitedTo}),
 * what {@code evaluate --out} writes and {@code book evals --from} reads.
 */
public final class PositionEvals {
    private PositionEvals() {
    }

    /** Stable eval id: replaying a task reproduces the same ids, so duplicates are visible by key. */
    public static String evalId(String taskId, int index) {
        if (taskId.isEmpty() || index < 0) {
            throw new IllegalArgumentException("task id must be non-empty and the position index >= 0");
        }
        return taskId + "/" + index;
    }

    /** The position reached from the start SFEN (empty: the start position) by the moves; ParseException if illegal. */
    public static Position position(EvalPosition p, String source) {
        Position pos = p.getStartSfen().isEmpty() ? Sfen.startPosition() : Sfen.parse(p.getStartSfen(), source, 1, 1);
        for (int i = 0; i < p.getMovesCount(); i++) {
            int m = UsiMove.parse(pos, p.getMoves(i), source, 1, i + 1);
            if (Move.isSpecial(m)) {
                throw new ParseException(source, 1, i + 1, "'" + p.getMoves(i) + "' is not a board move");
            }
            pos.doMove(m);
        }
        return pos;
    }

    /** The book's entry key of a move of a position (any side to move): full key ‖ move16, both mover view. */
    public static byte[] entryKey(Position pos, int move) {
        return BookLayout.entryKey(FullKey.of(pos), MoverView.toMover(pos, move));
    }

    public static MoveEval moveEval(EvaluatedMove m) {
        return new MoveEval(m.getValue(), m.getDepth(), m.getNodes());
    }

    /**
     * The book entries of a record: entry key to evaluation, one per move (a move listed twice keeps the
     * {@link MoveEval#better} one). IllegalArgumentException naming the record for a bad SFEN, an illegal
     * move or a value out of range.
     */
    public static Map<byte[], MoveEval> entries(PositionEval e) {
        String source = "eval " + e.getEvalId();
        Map<byte[], MoveEval> out = new TreeMap<>(Arrays::compareUnsigned);
        try {
            Position pos = Sfen.parse(e.getSfen(), source, 1, 1);
            for (EvaluatedMove m : e.getMovesList()) {
                int move = UsiMove.parse(pos, m.getUsi(), source, 1, 1);
                if (Move.isSpecial(move)) {
                    throw new IllegalArgumentException(source + ": '" + m.getUsi() + "' is not a board move");
                }
                out.merge(entryKey(pos, move), moveEval(m), MoveEval::better);
            }
        } catch (ParseException x) {
            throw new IllegalArgumentException(x.getMessage(), x);
        }
        return out;
    }

    /** Writes records length-delimited, in order. */
    public static void write(OutputStream out, Iterable<PositionEval> evals) throws IOException {
        for (PositionEval e : evals) {
            e.writeDelimitedTo(out);
        }
        out.flush();
    }

    /**
     * Reads a record file; IllegalArgumentException naming the file and the record number for a missing
     * file or bytes that are not length-delimited PositionEval records.
     */
    public static List<PositionEval> read(Path file) {
        List<PositionEval> out = new ArrayList<>();
        try (InputStream in = new java.io.BufferedInputStream(Files.newInputStream(file))) {
            while (true) {
                PositionEval e;
                try {
                    e = PositionEval.parseDelimitedFrom(in);
                } catch (com.google.protobuf.InvalidProtocolBufferException x) {
                    throw new IllegalArgumentException(file + ": record " + (out.size() + 1)
                            + ": not a length-delimited PositionEval record: " + x.getMessage());
                }
                if (e == null) {
                    return out;
                }
                out.add(e);
            }
        } catch (NoSuchFileException x) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (IOException x) {
            throw new IllegalArgumentException(file + ": " + x.getMessage());
        }
    }
}
