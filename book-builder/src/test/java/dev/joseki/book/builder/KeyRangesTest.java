package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyRangesTest {
    private static byte[] k(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    @Test
    void quantilesOfTheSampleSplitKeysInUnsignedOrder() {
        List<byte[]> sample = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            sample.add(k(0, i * 32)); // 0x00, 0x20 .. 0xe0: unsigned order differs from
            // signed above 0x7f
        }
        KeyRanges r = KeyRanges.of(sample, 4);
        // bounds at sample[2], [4], [6] = 0x40, 0x80, 0xc0
        assertThat(r.partitions()).isEqualTo(4);
        assertThat(r.partition(k(0, 0x3f), 2)).isZero();
        assertThat(r.partition(k(0, 0x40), 2)).isEqualTo(1);
        assertThat(r.partition(k(0, 0x7f), 2)).isEqualTo(1);
        assertThat(r.partition(k(0, 0x80), 2)).isEqualTo(2);
        assertThat(r.partition(k(0, 0xff), 2)).isEqualTo(3);
        assertThat(r.partition(k(1), 1)).isEqualTo(3);
    }

    @Test
    void onlyTheGroupKeyDecidesThePartitionSoAllMovesOfAKeyStayTogether() {
        KeyRanges r = KeyRanges.of(List.of(k(0, 5), k(0, 5, 0x10), k(0, 6)), 3);
        byte[] entryA = k(0, 5, 0x00, 0x00),
                entryB = k(0, 5, 0xff, 0xff); // same group key (0, 5), two moves
        assertThat(r.partition(entryA, 2)).isEqualTo(r.partition(entryB, 2));
    }

    @Test
    void repeatedSampleKeysGiveFewerRangesAndAnEmptySampleOne() {
        assertThat(KeyRanges.of(List.of(k(1), k(1), k(1), k(1)), 4).partitions()).isEqualTo(2);
        assertThat(KeyRanges.of(List.of(), 8).partitions()).isEqualTo(1);
        assertThat(KeyRanges.SINGLE.partition(k(9, 9), 2)).isZero();
    }
}
