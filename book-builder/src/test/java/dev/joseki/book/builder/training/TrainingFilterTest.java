package dev.joseki.book.builder.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.builder.training.TrainingFilter.Reason;
import org.junit.jupiter.api.Test;

class TrainingFilterTest {
    private static TrainingSample sample(int score, boolean mate, boolean inCheck, int result) {
        return new TrainingSample("g/0/20", "00", "sfen", score, mate, "7g7f", 20, inCheck, result);
    }

    @Test
    void aQuietPositionWithAnEvaluationAndAResultIsKept() {
        assertThat(TrainingFilter.drop(sample(120, false, false, 1), 3000)).isNull();
        assertThat(TrainingFilter.drop(sample(-3000, false, false, 0), 3000)).isNull();
    }

    @Test
    void mateScoresChecksDecidedScoresAndGamesWithoutResultAreLeftOut() {
        assertThat(TrainingFilter.drop(sample(31_993, true, false, 1), 3000))
                .isEqualTo(Reason.MATE_SCORE);
        assertThat(TrainingFilter.drop(sample(50, false, true, 1), 3000))
                .isEqualTo(Reason.IN_CHECK);
        assertThat(TrainingFilter.drop(sample(-3001, false, false, -1), 3000))
                .isEqualTo(Reason.EVAL_LIMIT);
        assertThat(TrainingFilter.drop(sample(0, false, false, TrainingSample.NO_RESULT), 3000))
                .isEqualTo(Reason.NO_RESULT);
        // The first reason counts: a mate found while in check is a mate score.
        assertThat(TrainingFilter.drop(sample(-31_990, true, true, -1), 3000))
                .isEqualTo(Reason.MATE_SCORE);
    }
}
