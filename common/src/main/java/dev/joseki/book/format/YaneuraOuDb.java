package dev.joseki.book.format;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookEntries;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.MoveValues;
import dev.joseki.book.MoverView;
import dev.joseki.book.values.GraphScan;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Quote;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * YaneuraOu's text book {@code #YANEURAOU-DB2016 1.00} (formats.md §6), following the export
 * checklist:
 *
 * <ol>
 *   <li>header; positions sorted by SFEN in byte order, canonical hands; one line per board at the
 *       earliest ply it was seen (our full key holds one entry per board); every position with a
 *       counted or a valued move, those that only have values at the ply {@link BookPositions}
 *       derives from the book graph;
 *   <li>all five columns on every move line; ponder = the most frequent book reply (in a position
 *       no game reached: the best valued one), else {@code none};
 *   <li>value and depth: the propagated min-max value and its depth to the book's leaf ({@code book
 *       propagate}, peta_shock's meaning: set YaneuraOu's {@code BookDepthLimit} to 0 for such a
 *       book), else the engine's evaluation and search depth, else value 0 and depth {@value
 *       #DEPTH} (a frequency book has no search depth, and a depth below 16 makes a default V1
 *       engine ({@code BookDepthLimit=16}) ignore the position; value 0 passes the default eval
 *       limits for both colours: Black floor 0, White −140);
 *   <li>count ≥ 1 (a move that only has a value — a transposition found by propagation, an engine
 *       candidate no game played — is written with count 1);
 *   <li>moves best first: by value (at equal value the winning side's shorter depth, the losing
 *       side's longer, as peta_shock orders them), then count descending; as in peta_shock's
 *       output, a move with the best value but another depth is written one point lower, so that
 *       value alone picks the best line;
 *   <li>positions are written from the mover's side (Black to move); YaneuraOu's default {@code
 *       FlippedBook=true} finds them for White too.
 * </ol>
 */
public final class YaneuraOuDb {
    public static final String HEADER = "#YANEURAOU-DB2016 1.00";
    public static final int DEPTH = 32;

    /**
     * The depth propagation gives a checking move that keeps a perpetual check going (ValueDepth).
     */
    private static final int PERPETUAL_CHECK = 9997;

    private YaneuraOuDb() {}

    /** Writes a count-only book (value 0, depth 32); returns the number of positions. */
    public static long write(BookEntries book, long minCount, Writer out) throws IOException {
        List<BookPositions.BookPosition> positions = new ArrayList<>();
        Map<String, Integer> best = new HashMap<>();
        BookPositions.forEach(book, minCount, bp -> add(bp, positions, best));
        return write(positions, best, out);
    }

    /**
     * Writes the book with its values, every position that has a counted or a valued move; {@code
     * valued} lists every (full key ‖ move16) that {@code values} has a value for, in key order.
     * Returns the number of positions.
     */
    public static long write(
            BookEntries book, long minCount, MoveValues values, GraphScan.Evals valued, Writer out)
            throws IOException {
        List<BookPositions.BookPosition> positions = new ArrayList<>();
        Map<String, Integer> best = new HashMap<>();
        BookPositions.forEach(book, minCount, values, valued, bp -> add(bp, positions, best));
        return write(positions, best, out);
    }

    /** Keeps the position with its moves best first; best: board (no ply) → its ponder move16. */
    private static void add(
            BookPositions.BookPosition bp,
            List<BookPositions.BookPosition> positions,
            Map<String, Integer> best) {
        List<BookPositions.BookMove> moves = new ArrayList<>(bp.moves());
        moves.sort(
                Comparator.comparingLong((BookPositions.BookMove m) -> m.stats().count())
                        .reversed()
                        .thenComparing(m -> Move.usi(m.move16())));
        int frequent = moves.get(0).move16();
        moves.sort(YaneuraOuDb::byValue);
        // a position no game reached has no most frequent reply: its best valued move stands in
        best.put(
                Sfen.writeWithoutMoveNumber(bp.position()),
                moves.get(0).stats().count() == 0 ? moves.get(0).move16() : frequent);
        positions.add(new BookPositions.BookPosition(bp.position(), moves));
    }

    private static long write(
            List<BookPositions.BookPosition> positions, Map<String, Integer> best, Writer out)
            throws IOException {
        List<String[]> lines = new ArrayList<>(positions.size());
        for (BookPositions.BookPosition bp : positions) {
            StringBuilder sb = new StringBuilder();
            MoveEval top = bp.moves().get(0).value();
            for (BookPositions.BookMove m : bp.moves()) {
                MoveEval v = m.value();
                int value = v == null ? 0 : v.value();
                if (v != null
                        && top != null
                        && m != bp.moves().get(0)
                        && v.value() == top.value()
                        && v.depth() != top.depth()) {
                    value--;
                }
                sb.append(Move.usi(m.move16()))
                        .append(' ')
                        .append(ponder(bp.position(), m.move16(), best))
                        .append(' ')
                        .append(value)
                        .append(' ')
                        .append(v == null ? DEPTH : v.depth())
                        .append(' ')
                        .append(Math.max(1, m.stats().count()))
                        .append('\n');
            }
            lines.add(new String[] {"sfen " + Sfen.write(bp.position()), sb.toString()});
        }
        lines.sort(Comparator.comparing((String[] l) -> l[0], YaneuraOuDb::compareBytes));
        out.write(HEADER + "\n");
        for (String[] l : lines) {
            out.write(l[0]);
            out.write('\n');
            out.write(l[1]);
        }
        out.flush();
        return lines.size();
    }

    /**
     * Best first: valued moves before unvalued ones, by value and depth as {@code
     * ValueDepth.better} orders them (restated here: this format package sits below the propagation
     * package), then by count.
     */
    private static int byValue(BookPositions.BookMove a, BookPositions.BookMove b) {
        MoveEval x = a.value(), y = b.value();
        if ((x == null) != (y == null)) {
            return x == null ? 1 : -1;
        }
        if (x != null && x.value() != y.value()) {
            return Integer.compare(y.value(), x.value());
        }
        if (x != null && x.depth() != y.depth()) {
            if (x.depth() == PERPETUAL_CHECK || y.depth() == PERPETUAL_CHECK) {
                return x.depth() == PERPETUAL_CHECK ? 1 : -1;
            }
            return x.value() >= 0
                    ? Integer.compare(x.depth(), y.depth())
                    : Integer.compare(y.depth(), x.depth());
        }
        return Long.compare(b.stats().count(), a.stats().count());
    }

    private static long number(
            String[] t, int i, String line, String source, int lineNo, String column) {
        try {
            return Long.parseLong(t[i]);
        } catch (NumberFormatException e) {
            throw new ParseException(
                    source,
                    lineNo,
                    line.indexOf(t[i], t[0].length()) + 1,
                    column + " '" + Quote.cut(t[i]) + "' is not an integer");
        }
    }

    /** ASCII text: byte order equals char order. */
    private static int compareBytes(String a, String b) {
        return a.compareTo(b);
    }

    /** The reply most often played after the move, in the coordinates of the position after it. */
    private static String ponder(Position pos, int move16, Map<String, Integer> best) {
        Position after = pos.copy();
        after.doMove(pos.completeMove(move16));
        Integer reply = best.get(Sfen.writeWithoutMoveNumber(MoverView.of(after)));
        return reply == null ? "none" : Move.usi(MoverView.toQuery(after, reply));
    }

    /** One move line of a {@code .db}: a legal move of pos and its count (≥ 1). */
    @FunctionalInterface
    public interface MoveSink {
        void accept(Position pos, int move, long count);
    }

    /**
     * One move line of a {@code .db} with its value column: a legal move of pos, its count (≥ 0)
     * and its value and depth as an evaluation from the side to move's point of view (nodes 0), or
     * null when the line has no value column.
     */
    @FunctionalInterface
    public interface ValuedMoveSink {
        void accept(Position pos, int move, long count, MoveEval eval);
    }

    /**
     * Reads a {@code .db} file into an accumulator: every move line adds its count to the entries
     * of its position in every index (results unknown; ply = the SFEN's move number), as {@link
     * BookAccumulator#addMove} makes them.
     */
    public static long read(BufferedReader in, String source, BookAccumulator into)
            throws IOException {
        return read(
                in,
                source,
                (pos, move, count) ->
                        into.addMove(
                                pos,
                                move,
                                new MoveStats(count, 0, 0, 0, pos.moveNumber(), pos.moveNumber())));
    }

    /**
     * Reads a {@code .db} file: every move line with a count ≥ 1 goes to the sink with its position
     * (the same Position object for all moves of one {@code sfen} line; sinks must not change it).
     * Moves must be legal; {@code none}/{@code None}/{@code resign} moves and count 0 are skipped;
     * a line without a count column counts 1. Bad input throws ParseException naming source, line
     * and column. Returns the number of move lines passed on.
     */
    public static long read(BufferedReader in, String source, MoveSink sink) throws IOException {
        long[] moves = {0};
        read(
                in,
                source,
                (ValuedMoveSink)
                        (pos, move, count, eval) -> {
                            if (count > 0) {
                                sink.accept(pos, move, count);
                                moves[0]++;
                            }
                        });
        return moves[0];
    }

    /**
     * Reads a {@code .db} file with values: as {@link #read(BufferedReader, String, MoveSink)}, but
     * count-0 lines are passed on too (an evaluated move nobody played), with the value (clamped to
     * ±32000, as peta_shock reads it) and depth columns when present. Returns the number of move
     * lines passed on.
     */
    public static long read(BufferedReader in, String source, ValuedMoveSink sink)
            throws IOException {
        String line = in.readLine();
        int lineNo = 1;
        if (line != null && line.startsWith("\uFEFF")) {
            line = line.substring(1);
        }
        if (line == null || !line.strip().equals(HEADER)) {
            throw new ParseException(source, 1, 1, "expected the header '" + HEADER + "'");
        }
        Position pos = null;
        long moves = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#") || l.startsWith("//")) {
                continue;
            }
            if (l.startsWith("sfen ")) {
                pos = Sfen.parse(l.substring(5), source, lineNo, 6);
                continue;
            }
            if (pos == null) {
                throw new ParseException(source, lineNo, 1, "move line before any 'sfen' line");
            }
            String[] t = l.split("\\s+");
            if (t[0].equals("none") || t[0].equals("None") || t[0].equals("resign")) {
                continue;
            }
            int m = UsiMove.parse(pos, t[0], source, lineNo, 1);
            if (Move.isSpecial(m)) {
                continue;
            }
            long count = 1;
            if (t.length >= 5) {
                try {
                    count = Long.parseLong(t[4]);
                } catch (NumberFormatException e) {
                    throw new ParseException(
                            source,
                            lineNo,
                            l.indexOf(t[4], t[0].length()) + 1,
                            "count '" + Quote.cut(t[4]) + "' is not an integer");
                }
            }
            if (count < 0) {
                throw new ParseException(source, lineNo, 1, "negative count " + count);
            }
            MoveEval eval = null;
            if (t.length >= 3) {
                int value =
                        (int)
                                Math.max(
                                        -MoveEval.MATE,
                                        Math.min(
                                                MoveEval.MATE,
                                                number(t, 2, l, source, lineNo, "value")));
                int depth =
                        t.length >= 4
                                ? (int)
                                        Math.max(
                                                0,
                                                Math.min(
                                                        0xffff,
                                                        number(t, 3, l, source, lineNo, "depth")))
                                : 0;
                eval = new MoveEval(value, depth, 0);
            }
            sink.accept(pos, m, count, eval);
            moves++;
        }
        return moves;
    }
}
