package dev.joseki.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Square;
import org.junit.jupiter.api.Test;

class AreaTest {
    @Test
    void leftAreaIsFilesNineToFiveOfTheMoversFiveRanks() {
        assertThat(Area.LEFT.contains(Square.of(9, 5))).isTrue();
        assertThat(Area.LEFT.contains(Square.of(5, 9))).isTrue();
        assertThat(Area.LEFT.contains(Square.of(4, 9))).isFalse();
        assertThat(Area.LEFT.contains(Square.of(9, 4))).isFalse();
    }

    @Test
    void rightAreaIsFilesFiveToOneAndTheCentreFileIsShared() {
        assertThat(Area.RIGHT.contains(Square.of(1, 9))).isTrue();
        assertThat(Area.RIGHT.contains(Square.of(5, 5))).isTrue();
        assertThat(Area.RIGHT.contains(Square.of(6, 5))).isFalse();
        assertThat(Area.RIGHT.contains(Square.of(1, 4))).isFalse();
        int both = 0;
        for (int sq = 0; sq < Square.NB; sq++) {
            if (Area.LEFT.contains(sq) && Area.RIGHT.contains(sq)) {
                both++;
                assertThat(Square.file(sq)).isEqualTo(5);
            }
        }
        assertThat(both).isEqualTo(5);
    }

    @Test
    void squaresListExactlyTheTwentyFiveContainedSquares() {
        for (Area a : Area.values()) {
            java.util.Set<Integer> listed = new java.util.HashSet<>();
            for (int i = 0; i < Area.SQUARES; i++) {
                listed.add(a.square(i));
            }
            assertThat(listed).hasSize(25);
            for (int sq = 0; sq < Square.NB; sq++) {
                assertThat(listed.contains(sq)).isEqualTo(a.contains(sq));
            }
        }
    }
}
