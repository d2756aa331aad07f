package dev.joseki.book;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EvalLayoutTest {

    @Test
    void aValueIsVersionThenSignedValueDepthAndNodesBigEndian() {
        // -300 = 0xFFFFFED4, depth 18 = 0x0012, nodes 1,000,000 = 0x0F4240
        byte[] v = EvalLayout.encode(new MoveEval(-300, 18, 1_000_000));
        assertThat(v)
                .containsExactly(
                        1, 0xff, 0xff, 0xfe, 0xd4, 0x00, 0x12, 0, 0, 0, 0, 0, 0x0f, 0x42, 0x40);
        assertThat(EvalLayout.decode(v)).isEqualTo(new MoveEval(-300, 18, 1_000_000));
    }

    @Test
    void mateValuesAtBothEndsSurviveTheRoundTrip() {
        assertThat(EvalLayout.decode(EvalLayout.encode(new MoveEval(32000 - 7, 0, 0))))
                .isEqualTo(new MoveEval(31993, 0, 0));
        assertThat(
                        EvalLayout.decode(
                                EvalLayout.encode(new MoveEval(-32000, 65535, Long.MAX_VALUE))))
                .isEqualTo(new MoveEval(-32000, 65535, Long.MAX_VALUE));
    }

    @Test
    void aValueOfAnotherVersionOrLengthIsRefusedWithBoth() {
        assertThatThrownBy(() -> EvalLayout.decode(new byte[] {2, 0, 0}))
                .hasMessageContaining("length 3")
                .hasMessageContaining("version 2");
    }

    @Test
    void theDeeperEvaluationWinsThenMoreNodesThenTheHigherValue() {
        MoveEval shallow = new MoveEval(500, 10, 9_000_000), deep = new MoveEval(-20, 12, 1000);
        assertThat(shallow.better(deep)).isSameAs(deep);
        assertThat(deep.better(shallow)).isSameAs(deep);
        MoveEval few = new MoveEval(90, 12, 999), many = new MoveEval(80, 12, 5000);
        assertThat(few.better(many)).isSameAs(many);
        assertThat(new MoveEval(1, 12, 5000).better(many)).isSameAs(many);
        assertThatThrownBy(() -> new MoveEval(32001, 0, 0)).hasMessageContaining("out of range");
    }
}
