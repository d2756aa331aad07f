package dev.joseki.engine.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.ProbeResult.FullMove;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Four full-match moves (labels 1..4 stand for 16-bit moves): 1 count 10 value −20, 2 count 1 value
 * 40 (depth 3), 3 count 5 value 30, 4 count 3 without a value.
 */
class BookChoiceTest {
    static final List<FullMove> FULL = List.of(move(1, 10), move(2, 1), move(3, 5), move(4, 3));
    static final Map<Integer, MoveEval> VALUES =
            Map.of(
                    1,
                    new MoveEval(-20, 5, 0),
                    2,
                    new MoveEval(40, 3, 0),
                    3,
                    new MoveEval(30, 7, 0));

    static FullMove move(int m16, long count) {
        return new FullMove(m16, new MoveStats(count, 0, 0, 0, 1, 1));
    }

    /** The moves chosen over 300 seeds. */
    static TreeSet<Integer> picks(BookChoice c, Map<Integer, MoveEval> values, int window) {
        TreeSet<Integer> out = new TreeSet<>();
        for (long seed = 0; seed < 300; seed++) {
            out.add(c.choose(FULL, values, window, new SplittableRandom(seed)).move().move16());
        }
        return out;
    }

    @Test
    void shouldPlayTheBestValuedMoveWhateverItsCount() {
        assertThat(picks(BookChoice.VALUE, VALUES, 0)).containsExactly(2);
    }

    @Test
    void shouldDrawByCountAmongTheMovesWithinTheWindow() {
        // window 15: values ≥ 40 − 15 = 25 → moves 2 and 3; −20 and the unvalued move never
        assertThat(picks(BookChoice.WINDOW, VALUES, 15)).containsExactly(2, 3);
        // window 60: ≥ −20 → 1, 2, 3 (4 has no value)
        assertThat(picks(BookChoice.WINDOW, VALUES, 60)).containsExactly(1, 2, 3);
    }

    @Test
    void shouldDrawByCountAmongEveryMoveForCount() {
        assertThat(picks(BookChoice.COUNT, VALUES, 0)).containsExactly(1, 2, 3, 4);
    }

    @Test
    void shouldFallBackToCountWhenNoMoveHasAValue() {
        assertThat(picks(BookChoice.VALUE, Map.of(), 0)).containsExactly(1, 2, 3, 4);
        assertThat(BookChoice.VALUE.choose(FULL, Map.of(), 0, new SplittableRandom(1)).info())
                .contains("by count");
    }

    @Test
    void shouldBreakAnExactTieAtRandomByCount() {
        Map<Integer, MoveEval> tie = new HashMap<>(VALUES);
        tie.put(3, new MoveEval(40, 3, 0));
        assertThat(picks(BookChoice.VALUE, tie, 0)).containsExactly(2, 3);
    }

    @Test
    void shouldChooseTheSameMoveForTheSameSeed() {
        for (long seed = 0; seed < 20; seed++) {
            assertThat(
                            BookChoice.WINDOW
                                    .choose(FULL, VALUES, 60, new SplittableRandom(seed))
                                    .move())
                    .isEqualTo(
                            BookChoice.WINDOW
                                    .choose(FULL, VALUES, 60, new SplittableRandom(seed))
                                    .move());
        }
    }
}
