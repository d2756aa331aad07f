package dev.joseki.cli.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import org.junit.jupiter.api.Test;

/** The --engine of evaluate, book mine and train data: a per-move limit, never a clock. */
class PerMoveEngineTest {
    static final SearchLimit RUN = SearchLimit.nodes(10_000);

    @Test
    void noSpecIsTheBuiltInEngineUnderTheRunsLimit() {
        EngineSpec e = PerMoveEngine.EVALUATOR.parse(null, RUN);
        assertThat(e.builtin()).isTrue();
        assertThat(e.name()).isEqualTo("joseki");
        assertThat(e.limit()).as("the run's limit applies where it is searched").isNull();
    }

    @Test
    void aTimeOutTakesTheRunsLimitUnlessTheSpecNamesOne() {
        assertThat(PerMoveEngine.EVALUATOR.parse("builtin timeout=500", RUN).limit())
                .isEqualTo(RUN);
        assertThat(PerMoveEngine.TEACHER.parse("builtin depth=3 timeout=500", RUN).limit())
                .isEqualTo(SearchLimit.depth(3));
    }

    @Test
    void aClockIsRefusedInTheWordsOfEachUse() {
        assertThatThrownBy(() -> PerMoveEngine.EVALUATOR.parse("builtin tc=10+0.1", RUN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "--engine: tc= is a clock for games; an evaluation takes a per-move limit"
                                + " (nodes=, depth=, movetime=)");
        assertThatThrownBy(() -> PerMoveEngine.TEACHER.parse("builtin tc=10+0.1", RUN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "--engine: tc= is a clock; a teacher takes a per-move limit (nodes=,"
                                + " depth=, movetime=)");
    }
}
