package dev.joseki.book.values;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.MoverView;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A book of two lines, A: 7g7f 3c3d 2g2f 8c8d and B: 2g2f 3c3d 6g6f (book moves with counts), plus
 * evaluations: 8c8d after A's third move 50, 6g6f -20, 1g1f after 7g7f 3c3d (not a book move) 10,
 * and 2g2f after 7g7f 8c8d (a position no game reached) 5. Nodes: the six positions with book moves
 * and the evaluated one. B's position after 2g2f 3c3d plays 7g7f into A's position after 7g7f 3c3d
 * 2g2f: a transposition by a move no game played, which the scan must find by trying every legal
 * move.
 */
class GraphScanTest {
    static Position after(String... usi) {
        Position p = Sfen.startPosition();
        for (String u : usi) {
            p.doMove(UsiMove.parse(p, u));
        }
        return p;
    }

    static void book(BookAccumulator acc, String... line) {
        for (int i = 0; i < line.length; i++) {
            Position p = after(Arrays.copyOf(line, i));
            acc.addMove(p, UsiMove.parse(p, line[i]), new MoveStats(1, 0, 0, 0, i + 1, i + 1));
        }
    }

    static void eval(Map<byte[], MoveEval> evals, int value, String move, String... before) {
        Position p = after(before);
        int m16 = MoverView.toMover(p, UsiMove.parse(p, move));
        evals.put(BookLayout.entryKey(FullKey.of(p), m16), new MoveEval(value, 12, 1000));
    }

    static int node(GraphScan.Scanned s, String... before) {
        byte[] k = FullKey.of(after(before));
        for (int i = 0; i < s.keys().size(); i++) {
            if (s.keys().equals(i, k)) {
                return i;
            }
        }
        throw new AssertionError("no node for " + String.join(" ", before));
    }

    /**
     * The target of the node's move (usi in the position's own coordinates), or -2 when it has no
     * such move.
     */
    static int target(GraphScan.Scanned s, String move, String... before) {
        Position p = after(before);
        int m16 = MoverView.toMover(p, UsiMove.parse(p, move));
        int n = node(s, before);
        BookGraph g = s.graph();
        for (int j = g.firstMove(n); j < g.endMove(n); j++) {
            if (g.move16(j) == m16) {
                return g.target(j);
            }
        }
        return -2;
    }

    static GraphScan.Scanned scan(int threads) {
        BookAccumulator acc = new BookAccumulator();
        book(acc, "7g7f", "3c3d", "2g2f", "8c8d");
        book(acc, "2g2f", "3c3d", "6g6f");
        TreeMap<byte[], MoveEval> evals = new TreeMap<>(Arrays::compareUnsigned);
        eval(evals, 50, "8c8d", "7g7f", "3c3d", "2g2f");
        eval(evals, -20, "6g6f", "2g2f", "3c3d");
        eval(evals, 10, "1g1f", "7g7f", "3c3d");
        eval(evals, 5, "2g2f", "7g7f", "8c8d");
        return GraphScan.scan(acc, 1, v -> evals.forEach(v), threads);
    }

    @Test
    void shouldFindTranspositionsByMovesNoGamePlayed() {
        GraphScan.Scanned s = scan(1);
        assertThat(s.graph().nodes()).isEqualTo(7);
        int a3 = node(s, "7g7f", "3c3d", "2g2f");
        assertThat(target(s, "2g2f", "7g7f", "3c3d")).isEqualTo(a3);
        assertThat(target(s, "7g7f", "2g2f", "3c3d")).isEqualTo(a3);
        // 7g7f 8c8d only has an evaluation, yet it is a node, reached from 7g7f by 8c8d
        assertThat(target(s, "8c8d", "7g7f")).isEqualTo(node(s, "7g7f", "8c8d"));
    }

    @Test
    void shouldKeepEngineValuesOnMovesLeavingTheBook() {
        GraphScan.Scanned s = scan(1);
        assertThat(target(s, "6g6f", "2g2f", "3c3d")).isEqualTo(BookGraph.LEAF);
        assertThat(target(s, "1g1f", "7g7f", "3c3d")).isEqualTo(BookGraph.LEAF);
        int n = node(s, "2g2f", "3c3d");
        BookGraph g = s.graph();
        int leafValue = ValueDepth.UNKNOWN;
        for (int j = g.firstMove(n); j < g.endMove(n); j++) {
            if (g.target(j) == BookGraph.LEAF) {
                leafValue = g.leaf(j);
            }
        }
        assertThat(leafValue).isEqualTo(ValueDepth.of(-20, 0));
    }

    @Test
    void shouldPropagateTheScannedBookToTheRoot() {
        // A3 = (50, 0) → into A3 (-50, 1); A2: 2g2f (-50, 1) or 1g1f (10, 0) → (10, 0);
        // E (7g7f 8c8d) = (5, 0);
        // A1: 3c3d (-10, 1) or 8c8d (-5, 1) → (-5, 1);
        // B2: 7g7f (-50, 1) or 6g6f (-20, 0) → (-20, 0);
        // B1: 3c3d (20, 1); start: 7g7f (5, 2) or 2g2f (-20, 2) → (5, 2).
        GraphScan.Scanned s = scan(2);
        Propagation p = Propagation.run(s.graph());
        assertThat(p.nodeValue(node(s, "2g2f", "3c3d"))).isEqualTo(ValueDepth.of(-20, 0));
        assertThat(p.nodeValue(node(s, "7g7f"))).isEqualTo(ValueDepth.of(-5, 1));
        assertThat(p.nodeValue(node(s))).isEqualTo(ValueDepth.of(5, 2));
    }
}
