package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TranspositionTableTest {
    @Test
    void storedEntryComesBackWithEveryField() {
        TranspositionTable tt = new TranspositionTable(1);
        long key = 0x1234_5678_9abc_def0L;
        tt.store(key, 0x1abc, -1234, 321, 7, TranspositionTable.BOUND_LOWER);
        long e = tt.probe(key);
        assertThat(TranspositionTable.move16(e)).isEqualTo(0x1abc);
        assertThat(TranspositionTable.score(e)).isEqualTo(-1234);
        assertThat(TranspositionTable.eval(e)).isEqualTo(321);
        assertThat(TranspositionTable.depth(e)).isEqualTo(7);
        assertThat(TranspositionTable.bound(e)).isEqualTo(TranspositionTable.BOUND_LOWER);
        assertThat(tt.probe(key ^ 1)).isZero();
    }

    @Test
    void aMateScoreKeepsItsDistanceFromTheNodeThroughTheTable() {
        // Found at ply 5: mate in 3 plies from that node, i.e. MATE - 8 from the root.
        int atRoot = Score.mateIn(8);
        int stored = Score.toTable(atRoot, 5);
        assertThat(stored).isEqualTo(Score.mateIn(3));
        // Reached again at ply 2 by a transposition: mate 5 plies from the root.
        assertThat(Score.fromTable(stored, 2)).isEqualTo(Score.mateIn(5));
        assertThat(Score.fromTable(Score.toTable(Score.matedIn(9), 4), 6))
                .isEqualTo(Score.matedIn(11));
        assertThat(Score.fromTable(Score.toTable(150, 4), 6)).isEqualTo(150);
    }

    @Test
    void aFullClusterLosesItsShallowestEntryFirst() {
        TranspositionTable tt = new TranspositionTable(1);
        // Keys with the same upper 32 bits share a cluster of four.
        long base = 0x0000_0001_0000_0000L;
        for (int i = 1; i <= 4; i++) {
            tt.store(base + i, 0, 0, 0, 10 + i, TranspositionTable.BOUND_EXACT);
        }
        tt.store(base + 5, 0, 0, 0, 20, TranspositionTable.BOUND_EXACT);
        assertThat(tt.probe(base + 1)).as("depth 11, the shallowest, replaced").isZero();
        for (int i = 2; i <= 5; i++) {
            assertThat(tt.probe(base + i)).isNotZero();
        }
    }

    @Test
    void entriesOfOlderSearchesAreReplacedBeforeDeeperCurrentOnes() {
        TranspositionTable tt = new TranspositionTable(1);
        long base = 0x0000_0002_0000_0000L;
        tt.store(base + 1, 0, 0, 0, 12, TranspositionTable.BOUND_EXACT); // old and deep
        for (int i = 0; i < 4; i++) {
            tt.newSearch();
        }
        for (int i = 2; i <= 4; i++) {
            tt.store(base + i, 0, 0, 0, 5, TranspositionTable.BOUND_EXACT); // new and shallow
        }
        tt.store(base + 5, 0, 0, 0, 5, TranspositionTable.BOUND_EXACT);
        assertThat(tt.probe(base + 1)).as("12 - 8 * 4 ages below 5").isZero();
        assertThat(tt.probe(base + 5)).isNotZero();
    }
}
