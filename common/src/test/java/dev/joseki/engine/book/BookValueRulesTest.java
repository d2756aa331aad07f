package dev.joseki.engine.book;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BookValueRulesTest {
    private static final BookValueRules RULES = new BookValueRules(50, 300, 0, -140);

    @Test
    void aMoveAtOrBelowMinusTheLossValueIsLosing() {
        assertThat(RULES.losing(-300)).isTrue();
        assertThat(RULES.losing(-299)).isFalse();
        assertThat(RULES.losing(-2000)).isTrue();
        assertThat(RULES.losing(0)).isFalse();
    }

    @Test
    void beingMatedIsLosingWhateverTheLossValue() {
        BookValueRules lenient = new BookValueRules(50, 32000, 0, -140);
        // mated in 10 plies: -(32000 - 10); within the engine's 128-ply mate range
        assertThat(lenient.losing(-31990)).isTrue();
        assertThat(lenient.losing(-31872)).isTrue();
        // 20 pawns down is no mate
        assertThat(lenient.losing(-2000)).isFalse();
        // a loss value of 0 makes even a draw losing
        assertThat(new BookValueRules(50, 0, 0, -140).losing(0)).isTrue();
    }

    @Test
    void theLimitIsTheSideToMoves() {
        assertThat(RULES.limit(true)).isZero();
        assertThat(RULES.limit(false)).isEqualTo(-140);
    }

    @Test
    void noRulesMakeNoMoveLosing() {
        assertThat(BookValueRules.NONE.losing(-32000)).isFalse();
        assertThat(BookValueRules.window(30).losing(-32000)).isFalse();
        assertThat(BookValueRules.window(30).window()).isEqualTo(30);
    }

    @Test
    void aNegativeWindowOrLossValueIsRefused() {
        assertThatThrownBy(() -> new BookValueRules(-1, 300, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BookValueRules(50, -5, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
