package dev.joseki.book.values;

import static dev.joseki.book.values.ValueDepth.UNKNOWN;
import static dev.joseki.book.values.ValueDepth.of;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Hand-made graphs. Node values are written (value, depth) for the node's mover; a move into a node
 * is worth the node's value negated, one ply deeper; leaves carry engine values at depth 0. Move
 * numbers are arbitrary labels (the graph never decodes them).
 */
class PropagationTest {
    private static final int M1 = 1, M2 = 2, M3 = 3;

    @Test
    void shouldGiveATranspositionTheSameValueOnBothPaths() {
        // R -a-> A -x-> C,  R -b-> B -y-> C   (C reached by two move orders)
        // C: leaves 100 and -50          → C = (100, 0); a move into C is worth (-100, 1)
        // A: x (-100, 1), leaf z -200   → A = (-100, 1); into A: (100, 2)
        // B: y (-100, 1), leaf w 300    → B = (300, 0);  into B: (-300, 1)
        // R: a (100, 2), b (-300, 1)    → R = (100, 2), best move a
        BookGraph g =
                new BookGraph.Builder()
                        .node(false)
                        .edge(M1, 1)
                        .edge(M2, 2)
                        .node(false)
                        .edge(M1, 3)
                        .leafMove(M2, of(-200, 0))
                        .node(false)
                        .edge(M1, 3)
                        .leafMove(M2, of(300, 0))
                        .node(false)
                        .leafMove(M1, of(100, 0))
                        .leafMove(M2, of(-50, 0))
                        .build();
        Propagation p = Propagation.run(g);
        assertThat(p.nodeValue(3)).isEqualTo(of(100, 0));
        assertThat(p.moveValue(g.firstMove(1)))
                .isEqualTo(p.moveValue(g.firstMove(2)))
                .isEqualTo(of(-100, 1));
        assertThat(p.nodeValue(1)).isEqualTo(of(-100, 1));
        assertThat(p.nodeValue(2)).isEqualTo(of(300, 0));
        assertThat(p.nodeValue(0)).isEqualTo(of(100, 2));
        assertThat(p.moveValue(g.firstMove(0) + 1)).isEqualTo(of(-300, 1));
    }

    @Test
    void shouldScoreARepetitionCycleAsADrawWhenNeitherSideDoesBetterOutside() {
        // P -p-> Q -q-> P, exits: P leaf -30, Q leaf -20. Both start as draws (0, 9999); P prefers
        // the cycle (0) to -30, Q prefers it to -20: nothing changes, both are (0, 9999).
        BookGraph g =
                new BookGraph.Builder()
                        .node(false)
                        .edge(M1, 1)
                        .leafMove(M2, of(-30, 0))
                        .node(false)
                        .edge(M1, 0)
                        .leafMove(M2, of(-20, 0))
                        .build();
        Propagation p = Propagation.run(g);
        assertThat(p.nodeValue(0)).isEqualTo(of(0, ValueDepth.DEPTH_MAX));
        assertThat(p.nodeValue(1)).isEqualTo(of(0, ValueDepth.DEPTH_MAX));
    }

    @Test
    void shouldLetTheSideThatIsBetterOutsideLeaveTheCycle() {
        // The same cycle with P's exit worth +40: P leaves, P = (40, 0); into P: (-40, 1). Q: cycle
        // move (-40, 1) or exit -20 → Q = (-20, 0): it cannot force the draw, and takes the lesser
        // loss outside.
        BookGraph g =
                new BookGraph.Builder()
                        .node(false)
                        .edge(M1, 1)
                        .leafMove(M2, of(40, 0))
                        .node(false)
                        .edge(M1, 0)
                        .leafMove(M2, of(-20, 0))
                        .build();
        Propagation p = Propagation.run(g);
        assertThat(p.nodeValue(0)).isEqualTo(of(40, 0));
        assertThat(p.nodeValue(1)).isEqualTo(of(-20, 0));
    }

    @Test
    void shouldMakeTheCheckingSideLeaveAPerpetualCheckLoop() {
        // X (checker) -c-> Y (in check) -e-> X. Exits: q is worth -100 to X, r -500 to Y.
        // Walking from X: X c Y e X repeats with X (not in check) on the path again: the move e
        // into it is worth (+32000, 9998) to Y, so Y = (32000, 9998) and c is worth (-32000, 9999)
        // to X; X takes q: X = (-100, 0).
        // Walking from Y: Y e X c Y repeats under check: c is worth (-32000, 9997); X takes
        // q = (-100, 0); e is worth (100, 1) to Y, better than r: Y = (100, 1).
        BookGraph g =
                new BookGraph.Builder()
                        .node(false)
                        .edge(M1, 1)
                        .leafMove(M2, of(-100, 0))
                        .node(true)
                        .edge(M1, 0)
                        .leafMove(M2, of(-500, 0))
                        .build();
        Propagation p = Propagation.run(g);
        assertThat(p.inCheckLoop(0)).isTrue();
        assertThat(p.inCheckLoop(1)).isTrue();
        assertThat(p.nodeValue(0)).isEqualTo(of(-100, 0));
        assertThat(p.nodeValue(1)).isEqualTo(of(100, 1));
        // the checking move keeps the loop's value but is marked never to be preferred on depth
        assertThat(p.moveValue(g.firstMove(0))).isEqualTo(of(-100, ValueDepth.PERPETUAL_CHECK));
    }

    @Test
    void shouldLoseForTheCheckingSideWithNoWayOutOfAPerpetualCheck() {
        // X -c-> Y -e-> X only. From X: Y's e repeats → Y = (32000, 9998); X's only move c: X =
        // (-32000, 9999). From Y: X's c repeats under check → X = (-32000, 9997) → Y's e is worth
        // (32000, 9998): Y wins.
        BookGraph g =
                new BookGraph.Builder().node(false).edge(M1, 1).node(true).edge(M1, 0).build();
        Propagation p = Propagation.run(g);
        assertThat(ValueDepth.value(p.nodeValue(0))).isEqualTo(-ValueDepth.MATE);
        assertThat(ValueDepth.value(p.nodeValue(1))).isEqualTo(ValueDepth.MATE);
    }

    @Test
    void shouldLeaveAnOrdinaryCycleThroughOneCheckADraw() {
        // X -c-> Y (in check) -e-> Z (not in check, not checking) -z-> X: two plies after Y comes
        // Z, which is not in check, so Y is no perpetual check; the cycle is a plain repetition:
        // all (0, 9999) against exits worth -10 to each mover.
        BookGraph g =
                new BookGraph.Builder()
                        .node(false)
                        .edge(M1, 1)
                        .leafMove(M2, of(-10, 0))
                        .node(true)
                        .edge(M1, 2)
                        .leafMove(M2, of(-10, 0))
                        .node(false)
                        .edge(M1, 0)
                        .leafMove(M2, of(-10, 0))
                        .build();
        Propagation p = Propagation.run(g);
        assertThat(p.inCheckLoop(1)).isFalse();
        for (int i = 0; i < 3; i++) {
            assertThat(p.nodeValue(i)).isEqualTo(of(0, ValueDepth.DEPTH_MAX));
        }
    }

    @Test
    void shouldWinByTheShortestMateAndLoseByTheLongest() {
        // Mate scores keep their value; the depth carries the distance. W -a-> A (leaf -31995: A's
        // mover is mated)        into A: (31995, 1) W -b-> B -> B2 (leaf 31995: B2's mover mates)
        // B2 = (31995, 0), B = (-31995, 1), into B: (31995, 2) W wins either way and takes the
        // shorter: W = (31995, 1). L -x-> X1 (leaf 31995)                             into X1:
        // (-31995, 1) L -y-> Y1 -> Y2 (leaf -31995)                      Y2 = (-31995, 0), Y1 =
        // (31995, 1), into Y1: (-31995, 2) L loses either way and takes the longer: L = (-31995,
        // 2).
        BookGraph g =
                new BookGraph.Builder()
                        .node(false)
                        .edge(M1, 1)
                        .edge(M2, 2) // 0 W
                        .node(false)
                        .leafMove(M1, of(-31995, 0)) // 1 A
                        .node(false)
                        .edge(M1, 3) // 2 B
                        .node(false)
                        .leafMove(M1, of(31995, 0)) // 3 B2
                        .node(false)
                        .edge(M1, 5)
                        .edge(M2, 6) // 4 L
                        .node(false)
                        .leafMove(M1, of(31995, 0)) // 5 X1
                        .node(false)
                        .edge(M1, 7) // 6 Y1
                        .node(false)
                        .leafMove(M1, of(-31995, 0)) // 7 Y2
                        .build();
        Propagation p = Propagation.run(g);
        assertThat(p.nodeValue(0)).isEqualTo(of(31995, 1));
        assertThat(p.nodeValue(4)).isEqualTo(of(-31995, 2));
    }

    @Test
    void shouldIgnoreMovesNobodyEvaluated() {
        // R: leaf M1 unknown, M2 -> N; N: only unknown leaves → N has no value, so R's move into N
        // is unknown too; R's M3 leaf 20 decides: R = (20, 0).
        BookGraph g =
                new BookGraph.Builder()
                        .node(false)
                        .leafMove(M1, UNKNOWN)
                        .edge(M2, 1)
                        .leafMove(M3, of(20, 0))
                        .node(false)
                        .leafMove(M1, UNKNOWN)
                        .build();
        Propagation p = Propagation.run(g);
        assertThat(p.nodeValue(1)).isEqualTo(UNKNOWN);
        assertThat(p.moveValue(g.firstMove(0) + 1)).isEqualTo(UNKNOWN);
        assertThat(p.nodeValue(0)).isEqualTo(of(20, 0));
    }

    @Test
    void shouldLeaveACycleNobodyEvaluatedWithoutAValueRatherThanCallItADraw() {
        // R -M1-> P -M1-> Q -M1-> P (a cycle, as transpositions make in any book built from games);
        // P and Q have only unknown exits, R has a leaf worth -10. Nothing evaluated can be reached
        // from P or Q, so they have no value (not the draw (0, 9999) a cycle starts with), R's move
        // into P is unknown, and R = (-10, 0) by its leaf, not (0, 9999) by the cycle.
        BookGraph g =
                new BookGraph.Builder()
                        .node(false)
                        .edge(M1, 1)
                        .leafMove(M2, of(-10, 0))
                        .node(false)
                        .edge(M1, 2)
                        .leafMove(M2, UNKNOWN)
                        .node(false)
                        .edge(M1, 1)
                        .leafMove(M2, UNKNOWN)
                        .build();
        Propagation p = Propagation.run(g);
        assertThat(p.nodeValue(1)).isEqualTo(UNKNOWN);
        assertThat(p.nodeValue(2)).isEqualTo(UNKNOWN);
        assertThat(p.moveValue(g.firstMove(0))).isEqualTo(UNKNOWN);
        assertThat(p.nodeValue(0)).isEqualTo(of(-10, 0));
    }

    @Test
    void shouldUseAMovesOwnEvaluationWhileTheNodeItLeadsToHasNoValue() {
        // R: M1 -> A, evaluated by R's engine at 35; M2 leaf -20. A (a count-only book node):
        // unknown leaves only → A has no value, so R's M1 is worth its own 35: R = (35, 0).
        BookGraph unmined =
                new BookGraph.Builder()
                        .node(false)
                        .edge(M1, 1, of(35, 0))
                        .leafMove(M2, of(-20, 0))
                        .node(false)
                        .leafMove(M1, UNKNOWN)
                        .build();
        Propagation p = Propagation.run(unmined);
        assertThat(p.moveValue(unmined.firstMove(0))).isEqualTo(of(35, 0));
        assertThat(p.nodeValue(0)).isEqualTo(of(35, 0));
        // Once A is evaluated (its mover's best leaf 50: A = (50, 0)), the move into A is worth
        // (-50, 1), not 35, and R takes its leaf: R = (-20, 0).
        BookGraph mined =
                new BookGraph.Builder()
                        .node(false)
                        .edge(M1, 1, of(35, 0))
                        .leafMove(M2, of(-20, 0))
                        .node(false)
                        .leafMove(M1, UNKNOWN)
                        .leafMove(M2, of(50, 0))
                        .build();
        Propagation q = Propagation.run(mined);
        assertThat(q.moveValue(mined.firstMove(0))).isEqualTo(of(-50, 1));
        assertThat(q.nodeValue(0)).isEqualTo(of(-20, 0));
    }
}
