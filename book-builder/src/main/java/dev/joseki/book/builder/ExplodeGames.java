package dev.joseki.book.builder;

import dev.joseki.book.GameExploder;
import dev.joseki.notation.ParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;

/**
 * Executor side, step 2: validate a game and explode it into compact rows
 * <pre>
 *  pid  int     target partition ({@link KeyRanges} of the group key)
 *  k    binary  index ordinal (1 B) ‖ index key ‖ move16 (2 B): the entry key with its index in front
 *  v    int     ply &lt;&lt; 2 | result for the mover (0 win, 1 draw, 2 loss, 3 unknown)
 * </pre>
 * A bad record is counted and its message kept (at most a few) — it never fails the job. Accumulators
 * may be null (the boundary sample explodes games without counting them).
 */
final class ExplodeGames implements FlatMapFunction<GameInput, Row> {
    private static final long serialVersionUID = 1L;
    static final StructType SCHEMA = new StructType()
            .add("pid", DataTypes.IntegerType, false)
            .add("k", DataTypes.BinaryType, false)
            .add("v", DataTypes.IntegerType, false);
    static final int WIN = 0, DRAW = 1, LOSS = 2, UNKNOWN = 3;

    private final int maxPly;
    private final boolean winnersOnly;
    private final KeyRanges ranges;
    private final LongAccumulator rejected;
    private final CollectionAccumulator<String> errors;

    ExplodeGames(int maxPly, boolean winnersOnly, KeyRanges ranges, LongAccumulator rejected,
                 CollectionAccumulator<String> errors) {
        this.maxPly = maxPly;
        this.winnersOnly = winnersOnly;
        this.ranges = ranges;
        this.rejected = rejected;
        this.errors = errors;
    }

    static int result(int resultForMover) {
        return switch (resultForMover) {
            case GameExploder.WIN -> WIN;
            case GameExploder.DRAW -> DRAW;
            case GameExploder.LOSS -> LOSS;
            default -> UNKNOWN;
        };
    }

    @Override
    public Iterator<Row> call(GameInput in) {
        List<Row> rows = new ArrayList<>(4 * Math.min(maxPly, in.usiMoves().length));
        try {
            ReplayedGame g = ReplayedGame.of(in);
            GameExploder.explode(g.start(), g.moves(), g.result(), maxPly, winnersOnly, (index, key, m16, r, ply) -> {
                byte[] k = new byte[1 + key.length + 2];
                k[0] = (byte) index.ordinal();
                System.arraycopy(key, 0, k, 1, key.length);
                k[k.length - 2] = (byte) (m16 >>> 8);
                k[k.length - 1] = (byte) m16;
                rows.add(RowFactory.create(ranges.partition(k, k.length - 2), k, ply << 2 | result(r)));
            });
        } catch (ParseException | IllegalArgumentException e) {
            if (rejected != null) {
                rejected.add(1);
                if (errors.value().size() < 20) {
                    errors.add(e.getMessage());
                }
            }
            rows.clear();
        }
        return rows.iterator();
    }
}
