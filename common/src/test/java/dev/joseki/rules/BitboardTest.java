package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BitboardTest {
    @Test
    void filesOneToSevenAreInTheLowWordAndFilesEightAndNineInTheHighWord() {
        // 7i = (7 - 1) * 9 + 8 = 62, the last low bit; 8a = 63, the first high bit.
        assertThat(Bitboard.half(Square.of(7, 9))).isZero();
        assertThat(Bitboard.bit(Square.of(7, 9))).isEqualTo(1L << 62);
        assertThat(Bitboard.half(Square.of(8, 1))).isOne();
        assertThat(Bitboard.bit(Square.of(8, 1))).isEqualTo(1L);
        assertThat(Bitboard.hi(Square.of(9, 9))).isEqualTo(1L << 17);
        assertThat(Bitboard.LO_ALL).isEqualTo(Long.MAX_VALUE);
        assertThat(Long.bitCount(Bitboard.HI_ALL)).isEqualTo(18);
    }

    @Test
    void firstAndLastFindTheLowestAndHighestSquareAcrossBothWords() {
        long lo = Bitboard.lo(5) | Bitboard.lo(40), hi = Bitboard.hi(70);
        assertThat(Bitboard.first(lo, hi)).isEqualTo(5);
        assertThat(Bitboard.last(lo, hi)).isEqualTo(70);
        assertThat(Bitboard.first(0, hi)).isEqualTo(70);
        assertThat(Bitboard.last(lo, 0)).isEqualTo(40);
        assertThat(Bitboard.first(0, 0)).isEqualTo(Square.NB);
        assertThat(Bitboard.last(0, 0)).isEqualTo(Square.NB);
        assertThat(Bitboard.count(lo, hi)).isEqualTo(3);
        assertThat(Bitboard.squares(lo, hi)).containsExactly(5, 40, 70);
        assertThat(Bitboard.contains(lo, hi, 70)).isTrue();
        assertThat(Bitboard.contains(lo, hi, 62)).isFalse();
    }
}
