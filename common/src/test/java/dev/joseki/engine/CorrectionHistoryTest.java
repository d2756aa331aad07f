package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

class CorrectionHistoryTest {
    @Test
    void aFreshTableLeavesTheEvalAlone() {
        assertThat(new CorrectionHistory().correct(Sfen.startPosition(), 123)).isEqualTo(123);
    }

    @Test
    void oneUpdateMovesTheEvalByTheScaledError() {
        // Error 100 at depth 4 after a move raised alpha: bonus 100·4·12/128 = 37 on the structure
        // entry, 37·187/128 = 54 on each placement entry; (37 + 54 + 54)·3/32 = 13 (integer
        // division).
        CorrectionHistory h = new CorrectionHistory();
        Position pos = Sfen.startPosition();
        h.update(pos, 100, 0, 4, true);
        assertThat(h.correct(pos, 0)).isEqualTo(13);
        assertThat(h.correct(pos, -500)).isEqualTo(-487);
    }

    @Test
    void repeatedErrorsSaturateAtThreeFullEntries() {
        // Each entry converges to the limit 1024 (e + b − e·b/1024 = e at e = 1024): 3·1024·3/32 =
        // 288.
        CorrectionHistory h = new CorrectionHistory();
        Position pos = Sfen.startPosition();
        for (int i = 0; i < 200; i++) {
            h.update(pos, 5000, 0, 20, true);
        }
        assertThat(h.correct(pos, 0)).isEqualTo(288);
        for (int i = 0; i < 400; i++) {
            h.update(pos, -5000, 0, 20, false);
        }
        assertThat(h.correct(pos, 0)).isEqualTo(-288);
    }

    @Test
    void theSideToMoveHasItsOwnEntries() {
        CorrectionHistory h = new CorrectionHistory();
        Position black = Sfen.startPosition();
        Position white = Sfen.startPosition();
        white.setSideToMove(1);
        h.update(black, 100, 0, 4, true);
        assertThat(h.correct(white, 0)).isZero();
    }

    @Test
    void clearForgetsEverything() {
        CorrectionHistory h = new CorrectionHistory();
        Position pos = Sfen.startPosition();
        h.update(pos, 100, 0, 4, true);
        h.clear();
        assertThat(h.correct(pos, 7)).isEqualTo(7);
    }
}
