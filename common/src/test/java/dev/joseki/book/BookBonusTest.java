package dev.joseki.book;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BookBonusTest {
    // Expected values by hand from the paper's formulas with PV = 100.
    private final BookBonus uncapped = BookBonus.paper(100).withFqCap(-1);

    @Test
    void halfBonusIsThreeQuartersPawnUntilTwoFqOutgrowsIt() {
        assertThat(uncapped.half(0)).isEqualTo(75);
        assertThat(uncapped.half(12)).isEqualTo(75); // 50 + 24 = 74 < 75
        assertThat(uncapped.half(13)).isEqualTo(76); // 50 + 26
        assertThat(uncapped.half(100)).isEqualTo(250);
    }

    @Test
    void quarterBonusIsAQuarterPawnUntilFqOutgrowsIt() {
        assertThat(uncapped.quarter(0)).isEqualTo(25);
        assertThat(uncapped.quarter(12)).isEqualTo(25); // 12 + 12 = 24 < 25 (100/8 rounds to 12)
        assertThat(uncapped.quarter(14)).isEqualTo(26);
        assertThat(uncapped.quarter(88)).isEqualTo(100);
    }

    @Test
    void defaultCapLimitsFqToOnePawn() {
        BookBonus capped = BookBonus.paper(100);
        assertThat(capped.half(1_000_000)).isEqualTo(250);
        assertThat(capped.quarter(1_000_000)).isEqualTo(112);
        assertThat(capped.half(13)).isEqualTo(76);
    }
}
