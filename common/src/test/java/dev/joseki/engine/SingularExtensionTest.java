package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Move;
import org.junit.jupiter.api.Test;

/** Which hash moves the singular extension tests, and the bar it tests them against. */
class SingularExtensionTest {
    private static final long KEY = 0x1234_5678_9abc_def0L;
    private static final int MOVE = 0x0a1b;

    /** The table's data word for a hash move of the given score, depth and bound. */
    private static long entry(int score, int depth, int bound) {
        TranspositionTable tt = new TranspositionTable(1);
        tt.store(KEY, MOVE, score, 0, depth, bound);
        return tt.probe(KEY);
    }

    private static SingularExtension withMinDepth(int minDepth) {
        SingularExtension s = new SingularExtension(null); // applies() never searches
        s.setMinDepth(minDepth);
        return s;
    }

    @Test
    void theBarLiesTwoCentipawnsAPlyBelowTheTableScore() {
        assertThat(SingularExtension.bar(100, 8)).isEqualTo(84);
        assertThat(SingularExtension.bar(-30, 10)).isEqualTo(-50);
    }

    @Test
    void aDeepEnoughLowerBoundIsTested() {
        SingularExtension s = withMinDepth(8);
        long lower = entry(120, 5, TranspositionTable.BOUND_LOWER);
        long exact = entry(120, 5, TranspositionTable.BOUND_EXACT);
        // depth 8: the table's 5 plies are three short, the least allowed
        assertThat(s.applies(8, 3, 10, lower, MOVE, 120)).isTrue();
        assertThat(s.applies(8, 3, 10, exact, MOVE, 120)).isTrue();
        // depth 9: four short
        assertThat(s.applies(9, 3, 10, lower, MOVE, 120)).isFalse();
        // depth 7: below the least depth
        assertThat(s.applies(7, 3, 10, lower, MOVE, 120)).isFalse();
    }

    @Test
    void anUpperBoundAMateOrNoMoveIsNotTested() {
        SingularExtension s = withMinDepth(6);
        assertThat(s.applies(8, 3, 10, entry(120, 8, TranspositionTable.BOUND_UPPER), MOVE, 120))
                .isFalse();
        int mate = Score.mateIn(7);
        assertThat(s.applies(8, 3, 10, entry(mate, 8, TranspositionTable.BOUND_LOWER), MOVE, mate))
                .isFalse();
        assertThat(
                        s.applies(
                                8,
                                3,
                                10,
                                entry(120, 8, TranspositionTable.BOUND_LOWER),
                                Move.NONE,
                                120))
                .isFalse();
    }

    @Test
    void noNodeIsTestedPastTwiceTheIterationsDepth() {
        SingularExtension s = withMinDepth(6);
        long lower = entry(120, 8, TranspositionTable.BOUND_LOWER);
        assertThat(s.applies(8, 19, 10, lower, MOVE, 120)).isTrue();
        assertThat(s.applies(8, 20, 10, lower, MOVE, 120)).isFalse();
    }

    @Test
    void offTestsNothingAndALeastDepthBelowFourCountsAsFour() {
        long lower = entry(120, 30, TranspositionTable.BOUND_LOWER);
        assertThat(withMinDepth(0).applies(30, 3, 40, lower, MOVE, 120)).isFalse();
        assertThat(withMinDepth(2).applies(3, 3, 40, lower, MOVE, 120)).isFalse();
        assertThat(withMinDepth(2).applies(4, 3, 40, lower, MOVE, 120)).isTrue();
    }
}
