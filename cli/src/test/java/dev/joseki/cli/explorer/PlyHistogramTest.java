package dev.joseki.cli.explorer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Result;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlyHistogramTest {
    @Test
    void positionsCountOnceAtTheirEarliestPly() {
        SmallBook b =
                new SmallBook()
                        .game("t", Result.DRAW, "7g7f", "3c3d", "2g2f")
                        .game("t", Result.DRAW, "2g2f", "3c3d", "7g7f")
                        .game("t", Result.DRAW, "2g2f", "8c8d", "7g7f", "3c3d");
        // positions where a move was played, by hand: start(1); 7g7f(2); 2g2f(2); 7g7f 3c3d(3);
        // 2g2f 3c3d(3); 2g2f 8c8d(3); 2g2f 8c8d 7g7f(4)
        assertThat(PlyHistogram.of(b.entries(), 1)).isEqualTo(Map.of(1, 1L, 2, 2L, 3, 3L, 4, 1L));
        // with min count 2 only the start keeps a move (2g2f, twice)
        assertThat(PlyHistogram.of(b.entries(), 2)).isEqualTo(Map.of(1, 1L));
    }

    @Test
    void aTranspositionCountsAtTheEarlierPly() {
        // the kings step aside and back: the start position again at ply 5, where 7g7f is played
        SmallBook b =
                new SmallBook().game("t", Result.DRAW, "5i4h", "5a4b", "4h5i", "4b5a", "7g7f");
        // positions: start(1 and 5), 5i4h(2), 5i4h 5a4b(3), 5i4h 5a4b 4h5i(4)
        assertThat(PlyHistogram.of(b.entries(), 1)).isEqualTo(Map.of(1, 1L, 2, 1L, 3, 1L, 4, 1L));
    }
}
