package dev.joseki.book.builder;

import dev.joseki.book.GameExploder;
import dev.joseki.book.format.YaneuraOuDb;
import dev.joseki.notation.RecordText;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;

/**
 * Count-only YaneuraOu books ({@code #YANEURAOU-DB2016 1.00}, {@code move ponder value depth
 * count}) as build inputs. The driver reads and checks each file (a bad line stops the build with
 * its file, line and column before Spark starts), keeping the move lines at ply ≤ max ply; the
 * executors explode each line like one move of a game ({@link GameExploder#explodeMove}) with count
 * = the line's count × the source's weight and an unknown result:
 *
 * <ul>
 *   <li>full: the count goes to (position, move) — the position-level count of the book is exactly
 *       a full entry's count;
 *   <li>half and quarter: keyed by the SFEN's move number as the ply, like a game that reached the
 *       position at that ply. A .db merges transpositions into one SFEN with one move number, so a
 *       transposition reached at another ply is counted at the written one;
 *   <li>castle: ply-free, so unaffected.
 * </ul>
 *
 * A file is identified by the hash of its bytes ({@link #id}) and stored with the book's game ids,
 * so a later build that names the same file again does not count it twice.
 */
final class DbImports {
    /**
     * One move line: the position as SFEN text, the move, the line's count and the source it came
     * from.
     */
    record DbMove(String sfen, String usi, long count, int sourceId) implements Serializable {}

    /**
     * What the driver read from one source.
     *
     * @param cutMoves move lines left out because their position is past the max ply
     * @param cutPositions the positions those lines belong to
     * @param deepestPly the largest move number of any position in the file
     */
    record Read(
            BookSource source,
            String id,
            long positions,
            List<DbMove> moves,
            int maxPly,
            long cutMoves,
            long cutPositions,
            int deepestPly) {
        /**
         * Why a user should hear about the cut: the build keeps a .db only to the max ply, and a
         * book imported whole (GPSShogi's goes to ply 64) otherwise loses its deep lines without a
         * word. Empty when nothing was cut.
         */
        Optional<String> cutNote() {
            if (cutMoves == 0) {
                return Optional.empty();
            }
            return Optional.of(
                    String.format(
                            "%s: %,d move lines of %,d positions past ply %d left out (its"
                                    + " positions go to ply %d; --max-ply %d keeps them all)",
                            source.location(),
                            cutMoves,
                            cutPositions,
                            maxPly,
                            deepestPly,
                            deepestPly));
        }
    }

    private DbImports() {}

    /** The game-id-like identity of an imported file: "db:" + SHA-256 of its bytes. */
    static String id(Path file) {
        try {
            return "db:"
                    + UsiGameLines.sha256(
                            new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads every YaneuraOu-db source of the build on the driver. */
    static List<Read> read(BuildSettings s) {
        List<Read> out = new ArrayList<>();
        for (BookSource src : s.sources()) {
            if (src.kind() == BookSource.Kind.YANEURAOU_DB) {
                out.add(read(src, s.maxPly()));
            }
        }
        return out;
    }

    static Read read(BookSource src, int maxPly) {
        Path file = Paths.get(src.location());
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("input not found: " + src.location());
        }
        List<DbMove> moves = new ArrayList<>();
        long[] positions = {0};
        long[] cut = {0, 0}; // move lines, positions
        int[] deepest = {0};
        Position[] last = {null};
        try (BufferedReader r = RecordText.open(file)) {
            YaneuraOuDb.read(
                    r,
                    src.location(),
                    (pos, move, count) -> {
                        boolean first = pos != last[0]; // one Position object per sfen line
                        last[0] = pos;
                        deepest[0] = Math.max(deepest[0], pos.moveNumber());
                        if (pos.moveNumber() > maxPly) {
                            cut[0]++;
                            cut[1] += first ? 1 : 0;
                            return;
                        }
                        positions[0] += first ? 1 : 0;
                        String sfen = Sfen.write(pos);
                        String tooLarge = CountOverflow.line(src, sfen, move, count);
                        if (tooLarge != null) {
                            throw new IllegalArgumentException(tooLarge);
                        }
                        moves.add(new DbMove(sfen, Move.usi(move), count, src.id()));
                    });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return new Read(src, id(file), positions[0], moves, maxPly, cut[0], cut[1], deepest[0]);
    }

    /** Executor side: the rows of one move line (see {@link ExplodeGames} for their shape). */
    static final class Explode implements FlatMapFunction<DbMove, Row> {
        private static final long serialVersionUID = 1L;
        private final int[] weights;
        private final KeyRanges ranges;

        Explode(int[] weights, KeyRanges ranges) {
            this.weights = weights;
            this.ranges = ranges;
        }

        @Override
        public Iterator<Row> call(DbMove m) {
            Position pos = Sfen.parse(m.sfen());
            int move = UsiMove.parse(pos, m.usi());
            long count = m.count() * weights[m.sourceId()];
            List<Row> rows = new ArrayList<>(6);
            GameExploder.explodeMove(
                    pos,
                    move,
                    GameExploder.UNKNOWN,
                    (index, key, m16, r, ply) ->
                            rows.add(
                                    ExplodeGames.row(
                                            ranges,
                                            index,
                                            key,
                                            m16,
                                            ExplodeGames.value(count, m.sourceId(), ply, r))));
            return rows.iterator();
        }
    }
}
