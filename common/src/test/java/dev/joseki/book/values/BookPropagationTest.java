package dev.joseki.book.values;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoverView;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code book propagate} on a real RocksDB book: GraphScanTest's two lines and four evaluations,
 * written as a book version; propagation publishes a new version whose values are those worked out
 * there by hand, and which keeps the counts and the raw evaluations.
 */
class BookPropagationTest {
    @TempDir Path dir;

    static int m16(String usi, String... before) {
        Position p = GraphScanTest.after(before);
        return MoverView.toMover(p, UsiMove.parse(p, usi));
    }

    @Test
    void shouldPublishANewVersionWithTheMinMaxValuesAndKeepCountsAndEvaluations() {
        BookAccumulator acc = new BookAccumulator();
        GraphScanTest.book(acc, "7g7f", "3c3d", "2g2f", "8c8d");
        GraphScanTest.book(acc, "2g2f", "3c3d", "6g6f");
        Map<byte[], MoveEval> evals = new TreeMap<>(Arrays::compareUnsigned);
        GraphScanTest.eval(evals, 50, "8c8d", "7g7f", "3c3d", "2g2f");
        GraphScanTest.eval(evals, -20, "6g6f", "2g2f", "3c3d");
        GraphScanTest.eval(evals, 10, "1g1f", "7g7f", "3c3d");
        GraphScanTest.eval(evals, 5, "2g2f", "7g7f", "8c8d");
        Path first = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(first, null)) {
            Map<byte[], byte[]> full = new LinkedHashMap<>();
            acc.entries(Index.FULL).forEach((k, v) -> full.put(k, BookLayout.encode(v)));
            s.put(Index.FULL, full);
            s.putEvals(EvalLayout.Table.EVALS, evals);
            s.putMetadata(Map.of());
        }
        BookVersions.publish(dir, first);

        BookPropagation.Summary sum =
                BookPropagation.run(dir, 2, FullKey.of(GraphScanTest.after()));
        // start: 7g7f (5, 2) or 2g2f (−20, 2) → (5, 2), as GraphScanTest worked it out
        assertThat(sum.rootValue()).isEqualTo(ValueDepth.of(5, 2));
        assertThat(sum.nodes()).isEqualTo(7);
        assertThat(BookVersions.current(dir)).isEqualTo(sum.version()).isNotEqualTo(first);
        try (RocksBook b = RocksBook.open(dir)) {
            Map<Integer, MoveEval> start =
                    b.evals(EvalLayout.Table.VALUES, FullKey.of(GraphScanTest.after()));
            assertThat(start.get(m16("7g7f"))).isEqualTo(new MoveEval(5, 2, 0));
            assertThat(start.get(m16("2g2f"))).isEqualTo(new MoveEval(-20, 2, 0));
            // the transposition 7g7f after 2g2f 3c3d, which no game played, has a value: −50 one
            // ply deep
            Map<Integer, MoveEval> b2 =
                    b.evals(
                            EvalLayout.Table.VALUES,
                            FullKey.of(GraphScanTest.after("2g2f", "3c3d")));
            assertThat(b2.get(m16("7g7f", "2g2f", "3c3d"))).isEqualTo(new MoveEval(-50, 1, 0));
            // counts and raw evaluations come along from the previous version
            assertThat(b.probe(GraphScanTest.after()).full()).hasSize(2);
            assertThat(
                            b.evals(
                                            EvalLayout.Table.EVALS,
                                            FullKey.of(GraphScanTest.after("2g2f", "3c3d")))
                                    .get(m16("6g6f", "2g2f", "3c3d")))
                    .isEqualTo(new MoveEval(-20, 12, 1000));
        }
    }
}
