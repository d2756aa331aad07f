package dev.joseki.book;

import static dev.joseki.book.FullKeyTest.play;
import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

class QuarterKeyTest {
    @Test
    void colourFlippedTwinGivesTheSameKeys() {
        Position white = play(Sfen.STARTPOS, "7g7f", "3c3d", "2g2f");
        for (Area a : Area.values()) {
            assertThat(QuarterKey.of(white.flipped(), a)).isEqualTo(QuarterKey.of(white, a));
        }
    }

    @Test
    void aChangeOutsideAnAreaLeavesThatAreaKeyUnchanged() {
        Position base =
                Sfen.parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 3");
        Position rightMove =
                play(Sfen.STARTPOS, "2g2f", "8c8d"); // 2g, 2f: inside RIGHT, outside LEFT
        Position leftMove =
                play(Sfen.STARTPOS, "7g7f", "8c8d"); // 7g, 7f: inside LEFT, outside RIGHT
        assertThat(QuarterKey.of(rightMove, Area.LEFT)).isEqualTo(QuarterKey.of(base, Area.LEFT));
        assertThat(QuarterKey.of(rightMove, Area.RIGHT))
                .isNotEqualTo(QuarterKey.of(base, Area.RIGHT));
        assertThat(QuarterKey.of(leftMove, Area.RIGHT)).isEqualTo(QuarterKey.of(base, Area.RIGHT));
        assertThat(QuarterKey.of(leftMove, Area.LEFT)).isNotEqualTo(QuarterKey.of(base, Area.LEFT));
        // opponent pieces inside the area and mover pieces outside both areas (ranks 1-4) do not
        // matter
        Position a = Sfen.parse("4k4/9/2P6/9/9/4p4/9/9/4K4 b - 3");
        Position b = Sfen.parse("4k4/2P6/9/9/9/9/9/9/4K4 b - 3");
        for (Area area : Area.values()) {
            assertThat(QuarterKey.of(a, area)).isEqualTo(QuarterKey.of(b, area));
        }
        assertThat(QuarterKey.ply(QuarterKey.of(base, Area.LEFT))).isEqualTo(3);
    }

    @Test
    void plyWindowAcceptsTenAndRejectsEleven() {
        assertThat(QuarterKey.inWindow(30, 40)).isTrue();
        assertThat(QuarterKey.inWindow(50, 40)).isTrue();
        assertThat(QuarterKey.inWindow(29, 40)).isFalse();
        assertThat(QuarterKey.inWindow(51, 40)).isFalse();
    }

    @Test
    void layoutIsAreaPatternThenPly() {
        byte[] k = QuarterKey.of(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b - 258"), Area.RIGHT);
        assertThat(k).hasSize(16);
        assertThat(k[0]).isEqualTo((byte) 1);
        assertThat(QuarterKey.area(k)).isEqualTo(Area.RIGHT);
        assertThat(k[14]).isEqualTo((byte) 1);
        assertThat(k[15]).isEqualTo((byte) 2);
        // king on 5i: RIGHT area index 4 (file 5, rank 9) -> high nibble of byte 1 + 4/2
        assertThat(k[1 + 2]).isEqualTo((byte) 0x80);
        byte[] lower = QuarterKey.withPly(k, 248);
        assertThat(QuarterKey.samePattern(lower, k)).isTrue();
        assertThat(java.util.Arrays.compareUnsigned(lower, k)).isNegative();
    }
}
