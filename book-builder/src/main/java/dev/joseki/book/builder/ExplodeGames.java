package dev.joseki.book.builder;

import dev.joseki.book.GameExploder;
import dev.joseki.notation.ParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;

/**
 * Executor side, step 1: validate a game and explode it into rows (index, entry key, win, draw, loss, ply).
 * A bad record is counted and its message kept (at most a few) — it never fails the job.
 */
final class ExplodeGames implements FlatMapFunction<GameInput, Row> {
    private static final long serialVersionUID = 1L;
    private final int maxPly;
    private final boolean winnersOnly;
    private final LongAccumulator rejected;
    private final CollectionAccumulator<String> errors;

    ExplodeGames(int maxPly, boolean winnersOnly, LongAccumulator rejected, CollectionAccumulator<String> errors) {
        this.maxPly = maxPly;
        this.winnersOnly = winnersOnly;
        this.rejected = rejected;
        this.errors = errors;
    }

    @Override
    public Iterator<Row> call(GameInput in) {
        List<Row> rows = new ArrayList<>();
        try {
            ReplayedGame g = ReplayedGame.of(in);
            GameExploder.explode(g.start(), g.moves(), g.result(), maxPly, winnersOnly,
                    (index, key, r, ply) -> rows.add(RowFactory.create((byte) index.ordinal(), key,
                            r == GameExploder.WIN ? 1 : 0, r == GameExploder.DRAW ? 1 : 0,
                            r == GameExploder.LOSS ? 1 : 0, ply)));
        } catch (ParseException | IllegalArgumentException e) {
            rejected.add(1);
            if (errors.value().size() < 20) {
                errors.add(e.getMessage());
            }
            rows.clear();
        }
        return rows.iterator();
    }
}
