package dev.joseki.engine.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.ProbeResult.FullMove;
import dev.joseki.rules.Move;
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

    /** One choice among FULL with Black to move. */
    static BookChoice.Pick pick(
            BookChoice c, Map<Integer, MoveEval> values, BookValueRules rules, long seed) {
        return c.choose(FULL, values, rules, true, new SplittableRandom(seed));
    }

    /** The moves chosen over 300 seeds. */
    static TreeSet<Integer> picks(BookChoice c, Map<Integer, MoveEval> values, int window) {
        TreeSet<Integer> out = new TreeSet<>();
        for (long seed = 0; seed < 300; seed++) {
            out.add(pick(c, values, BookValueRules.window(window), seed).move().move16());
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
        assertThat(pick(BookChoice.VALUE, Map.of(), BookValueRules.window(0), 1).info())
                .singleElement()
                .asString()
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
            BookValueRules rules = BookValueRules.window(60);
            assertThat(pick(BookChoice.WINDOW, VALUES, rules, seed).move())
                    .isEqualTo(pick(BookChoice.WINDOW, VALUES, rules, seed).move());
        }
    }

    // With the value rules: loss value 300, Black's limit 0, White's −140, window 60.
    static final BookValueRules RULES = new BookValueRules(60, 300, 0, -140);

    /** How often each move is chosen over seeds 0..n-1. */
    static Map<Integer, Integer> tally(
            BookChoice c, Map<Integer, MoveEval> values, BookValueRules rules, int n) {
        Map<Integer, Integer> out = new HashMap<>();
        for (long seed = 0; seed < n; seed++) {
            out.merge(pick(c, values, rules, seed).move().move16(), 1, Integer::sum);
        }
        return out;
    }

    @Test
    void countNeverPlaysALosingMoveHoweverOftenGamesPlayedIt() {
        // move 1, the most played (count 10), valued −420: losing; the unvalued move 4 still plays
        Map<Integer, MoveEval> values = new HashMap<>(VALUES);
        values.put(1, new MoveEval(-420, 5, 0));
        assertThat(picks(BookChoice.COUNT, values, RULES)).containsExactly(2, 3, 4);
        assertThat(pick(BookChoice.COUNT, values, RULES, 0).info())
                .first()
                .isEqualTo("book full match: skipped " + Move.usi(1) + " value -420 (losing)");
        // without the rules, as before
        assertThat(picks(BookChoice.COUNT, values, 0)).containsExactly(1, 2, 3, 4);
    }

    @Test
    void beingMatedIsLosingEvenWithTheLargestLossValue() {
        Map<Integer, MoveEval> values = new HashMap<>(VALUES);
        values.put(1, new MoveEval(-31990, 10, 0));
        BookValueRules lenient = new BookValueRules(60, 32000, -32000, -32000);
        assertThat(picks(BookChoice.COUNT, values, lenient)).containsExactly(2, 3, 4);
    }

    @Test
    void everyValuedMoveLosingLeavesTheBookByValue() {
        // limits off, so the best (−400) is not below them; VALUE would play only losing moves
        Map<Integer, MoveEval> values =
                Map.of(1, new MoveEval(-500, 5, 0), 2, new MoveEval(-400, 3, 0));
        BookValueRules noLimit =
                new BookValueRules(60, 300, BookValueRules.OFF, BookValueRules.OFF);
        BookChoice.Pick p = pick(BookChoice.VALUE, values, noLimit, 1);
        assertThat(p.move()).isNull();
        assertThat(p.info()).last().isEqualTo("book full match: no book move left: searching");
    }

    @Test
    void aBestValueBelowTheLimitOfTheSideToMoveLeavesTheBook() {
        // best 40: below a Black limit of 50, not below a White limit of 0
        BookValueRules limits = new BookValueRules(60, 300, 50, 0);
        for (BookChoice c : BookChoice.values()) {
            BookChoice.Pick black = c.choose(FULL, VALUES, limits, true, new SplittableRandom(3));
            assertThat(black.move()).isNull();
            assertThat(black.info())
                    .containsExactly(
                            "book full match: best book value 40 below limit 50 (black):"
                                    + " searching");
            BookChoice.Pick white = c.choose(FULL, VALUES, limits, false, new SplittableRandom(3));
            assertThat(white.move()).isNotNull();
        }
        // at the limit, Black stays in the book
        BookValueRules atLimit = new BookValueRules(60, 300, 40, 0);
        assertThat(pick(BookChoice.COUNT, VALUES, atLimit, 3).move()).isNotNull();
    }

    @Test
    void autoWithValuesDrawsByCountWithinTheWindowAndNotBelowTheLimit() {
        // best 40, window 60: ≥ −20 → moves 1, 2, 3; Black's limit 0 drops 1 (−20), White's −140
        // keeps it; 4 has no value
        assertThat(picks(BookChoice.AUTO, VALUES, RULES)).containsExactly(2, 3);
        TreeSet<Integer> white = new TreeSet<>();
        for (long seed = 0; seed < 300; seed++) {
            white.add(
                    BookChoice.AUTO
                            .choose(FULL, VALUES, RULES, false, new SplittableRandom(seed))
                            .move()
                            .move16());
        }
        assertThat(white).containsExactly(1, 2, 3);
        assertThat(pick(BookChoice.AUTO, VALUES, RULES, 0).info())
                .last()
                .asString()
                .contains("choice auto, 2 within 60 of best value 40 and not below limit 0)");
    }

    @Test
    void windowWeighsByCountAndAnEvaluatedOnlyMoveByOne() {
        // Black: candidates 2 (count 1), 3 (count 5) and 5 (count 0, only evaluated, value 35):
        // weights 1, 5, 1 of 7; over 7,000 seeds about 1,000, 5,000, 1,000 (σ ≈ 29 and 38)
        List<FullMove> full = new java.util.ArrayList<>(FULL);
        full.add(move(5, 0));
        Map<Integer, MoveEval> values = new HashMap<>(VALUES);
        values.put(5, new MoveEval(35, 2, 0));
        Map<Integer, Integer> n = new HashMap<>();
        for (long seed = 0; seed < 7000; seed++) {
            FullMove m =
                    BookChoice.WINDOW
                            .choose(full, values, RULES, true, new SplittableRandom(seed))
                            .move();
            n.merge(m.move16(), 1, Integer::sum);
        }
        assertThat(n.keySet()).containsExactlyInAnyOrder(2, 3, 5);
        assertThat(n.get(2)).isBetween(850, 1150);
        assertThat(n.get(3)).isBetween(4800, 5200);
        assertThat(n.get(5)).isBetween(850, 1150);
    }

    @Test
    void valueBreaksAnExactTieInProportionToCount() {
        // 2 (count 1) and 3 (count 5) both 40 at depth 3: 1 : 5 over 6,000 seeds (σ ≈ 29)
        Map<Integer, MoveEval> tie = new HashMap<>(VALUES);
        tie.put(3, new MoveEval(40, 3, 0));
        Map<Integer, Integer> n = tally(BookChoice.VALUE, tie, RULES, 6000);
        assertThat(n.keySet()).containsExactlyInAnyOrder(2, 3);
        assertThat(n.get(2)).isBetween(850, 1150);
    }

    @Test
    void autoWithoutValuesIsTheCountChoiceSeedForSeed() {
        for (long seed = 0; seed < 300; seed++) {
            assertThat(pick(BookChoice.AUTO, Map.of(), RULES, seed).move())
                    .isEqualTo(pick(BookChoice.COUNT, Map.of(), BookValueRules.NONE, seed).move());
        }
        assertThat(picks(BookChoice.AUTO, Map.of(), RULES)).containsExactly(1, 2, 3, 4);
    }

    static TreeSet<Integer> picks(
            BookChoice c, Map<Integer, MoveEval> values, BookValueRules rules) {
        TreeSet<Integer> out = new TreeSet<>();
        for (long seed = 0; seed < 300; seed++) {
            out.add(pick(c, values, rules, seed).move().move16());
        }
        return out;
    }
}
