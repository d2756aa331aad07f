package dev.joseki.book;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PackedMovesTest {
    @Test
    void recordsAreMoveThenStatsBigEndianAfterOneVersionByte() {
        byte[] v = new PackedMoves.Builder().add(0x1234, 5, 3, 1, 1, 7, 0x0102).build();
        assertThat(v)
                .containsExactly(
                        2, // version
                        0x12, 0x34, // move16
                        0, 0, 0, 5, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 1, // count wins draws losses
                        0, 7, 1, 2); // min ply, max ply
        assertThat(PackedMoves.size(v)).isEqualTo(1);
        assertThat(PackedMoves.stats(v, 0)).isEqualTo(new MoveStats(5, 3, 1, 1, 7, 0x0102));
        assertThat(PackedMoves.entryValue(v, 0))
                .isEqualTo(BookLayout.encode(new MoveStats(5, 3, 1, 1, 7, 0x0102)));
    }

    @Test
    void movesMustBeAddedInIncreasingOrder() {
        PackedMoves.Builder b = new PackedMoves.Builder().add(10, 1, 0, 0, 0, 1, 1);
        assertThatThrownBy(() -> b.add(10, 1, 0, 0, 0, 1, 1)).hasMessageContaining("increasing");
        assertThatThrownBy(() -> b.add(9, 1, 0, 0, 0, 1, 1)).hasMessageContaining("increasing");
    }

    @Test
    void mergeSumsSharedMovesAndKeepsTheOthers() {
        byte[] a = new PackedMoves.Builder().add(0x0101, 2, 1, 0, 1, 3, 5).build();
        byte[] b =
                new PackedMoves.Builder()
                        .add(0x0101, 1, 0, 1, 0, 1, 4)
                        .add(0x0202, 1, 1, 0, 0, 7, 7)
                        .build();
        byte[] m = PackedMoves.merge(a, b);
        assertThat(PackedMoves.size(m)).isEqualTo(2);
        assertThat(PackedMoves.move16(m, 0)).isEqualTo(0x0101);
        assertThat(PackedMoves.stats(m, 0)).isEqualTo(new MoveStats(3, 1, 1, 1, 1, 5));
        assertThat(PackedMoves.stats(m, 1)).isEqualTo(new MoveStats(1, 1, 0, 0, 7, 7));
        assertThat(PackedMoves.movesNotIn(a, b)).isEqualTo(1);
        assertThat(PackedMoves.movesNotIn(b, a)).isZero();
        assertThat(PackedMoves.indexOf(m, 0x0202)).isEqualTo(1);
        assertThat(PackedMoves.indexOf(m, 0x0203)).isNegative();
    }

    @Test
    void aValueOfTheOldOneEntryLayoutIsRejected() {
        byte[] old = new byte[21];
        old[0] = 1;
        assertThatThrownBy(() -> PackedMoves.size(old)).hasMessageContaining("version 1");
    }
}
