package dev.joseki.book;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookLayout.Index;
import org.junit.jupiter.api.Test;

class BookLayoutTest {
    @Test
    void keyAndValueLengthsAreAsDocumented() {
        assertThat(Index.FULL.entryKeyLength()).isEqualTo(35); // complete sets
        assertThat(Index.HALF.entryKeyLength()).isEqualTo(45);
        assertThat(Index.QUARTER.entryKeyLength()).isEqualTo(18);
        assertThat(BookLayout.encode(new MoveStats(1, 1, 0, 0, 1, 1))).hasSize(21);
    }

    @Test
    void valuesRoundTripWithTheVersionByteFirst() {
        MoveStats s = new MoveStats(4_000_000_000L, 3, 2, 1, 7, 300);
        byte[] v = BookLayout.encode(s);
        assertThat(v[0]).isEqualTo(BookLayout.VERSION);
        assertThat(v[1]).isEqualTo((byte) 0xee); // 4e9 = 0xEE6B2800, big-endian
        assertThat(BookLayout.decode(v)).isEqualTo(s);
    }

    @Test
    void unknownVersionIsRejected() {
        byte[] v = BookLayout.encode(new MoveStats(1, 0, 0, 0, 1, 1));
        v[0] = 9;
        assertThatThrownBy(() -> BookLayout.decode(v)).hasMessageContaining("version 9");
    }

    @Test
    void entryKeysSortMovesAfterTheirIndexKey() {
        byte[] idx = {1, 2, 3};
        byte[] a = BookLayout.entryKey(idx, 0x0001);
        byte[] b = BookLayout.entryKey(idx, 0x8001);
        assertThat(java.util.Arrays.compareUnsigned(a, b)).isNegative();
        assertThat(java.util.Arrays.compareUnsigned(b, BookLayout.afterAllMoves(idx))).isNegative();
        assertThat(BookLayout.move16(b)).isEqualTo(0x8001);
        assertThat(BookLayout.indexKey(b)).isEqualTo(idx);
    }
}
