package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

class ExplodeGamesTest {
    @Test
    void keyWordsRoundTripAndSortLikeUnsignedBytes() {
        SplittableRandom rnd = new SplittableRandom(3);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            // three "indexes" with fixed lengths 36, 46 and 19, few distinct bytes so that prefixes
            // tie often
            int ix = rnd.nextInt(3);
            byte[] k = new byte[ix == 0 ? 36 : ix == 1 ? 46 : 19];
            k[0] = (byte) ix;
            for (int j = 1; j < k.length; j++) {
                k[j] = (byte) (rnd.nextInt(8) == 0 ? rnd.nextInt(256) : 0x80);
            }
            keys.add(k);
        }
        List<Row> rows = new ArrayList<>();
        for (byte[] k : keys) {
            rows.add(ExplodeGames.row(0, k, 5L));
        }
        byte[] buf = new byte[ExplodeGames.KEY_BYTES];
        for (int i = 0; i < keys.size(); i++) {
            int n = ExplodeGames.key(rows.get(i), buf);
            assertThat(Arrays.copyOf(buf, n)).isEqualTo(keys.get(i));
            assertThat(ExplodeGames.value(rows.get(i))).isEqualTo(5L);
        }
        Comparator<Row> byWords =
                (a, b) -> {
                    for (int w = 0; w < ExplodeGames.WORDS; w++) {
                        int c = Long.compare(a.getLong(2 + w), b.getLong(2 + w));
                        if (c != 0) {
                            return c;
                        }
                    }
                    return 0;
                };
        for (int i = 1; i < keys.size(); i++) {
            int bytes = Integer.signum(Arrays.compareUnsigned(keys.get(i - 1), keys.get(i)));
            int words = Integer.signum(byWords.compare(rows.get(i - 1), rows.get(i)));
            assertThat(words).as("pair %d", i).isEqualTo(bytes);
        }
    }
}
