package dev.joseki.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScaleCalibrationTest {
    /**
     * Evaluations of +-1000 whose side wins three games in four: sigmoid(1000 / K) = 0.75 at K =
     * 1000 / ln 3 = 910.2, where the result loss is the entropy of a 3:1 outcome, 0.5623.
     */
    @Test
    void theBestScaleMakesTheSigmoidMatchTheWinRate() {
        int[] evals = new int[8], results = new int[8];
        for (int i = 0; i < 8; i++) {
            evals[i] = i % 2 == 0 ? 1000 : -1000;
            // among each four positions of +1000, three won; the -1000 ones mirror them
            boolean upset = i % 8 == 0 || i % 8 == 1;
            results[i] = (evals[i] > 0) != upset ? 1 : -1;
        }
        ScaleCalibration.Result r = ScaleCalibration.of(evals, results);
        assertThat(r.scale()).isBetween(910.2 / 1.05, 910.2 * 1.05);
        assertThat(r.resultLoss()).isCloseTo(0.5623, org.assertj.core.data.Offset.offset(0.001));
    }

    @Test
    void evaluationsThatAlwaysComeTrueWantTheSmallestScale() {
        int[] evals = {500, -500, 800}, results = {1, -1, 1};
        assertThat(ScaleCalibration.of(evals, results).scale()).isEqualTo(100.0);
    }

    @Test
    void noPositionsIsRefused() {
        assertThatThrownBy(() -> ScaleCalibration.of(new int[0], new int[0]))
                .hasMessage("no positions to calibrate the scale on");
    }
}
