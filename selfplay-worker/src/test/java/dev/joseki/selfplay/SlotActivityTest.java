package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.proto.SlotTask;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlotActivityTest {
    @Test
    void aTournamentTaskNamesItsRunOthersNone() {
        assertThat(SlotActivity.runOf("t-1790000000-ab12cd-g12")).isEqualTo("t-1790000000-ab12cd");
        assertThat(SlotActivity.runOf("my-g-run-g0")).isEqualTo("my-g-run");
        assertThat(SlotActivity.runOf("sp-1790000000-3")).isEmpty();
        assertThat(SlotActivity.runOf("x-g")).isEmpty();
        assertThat(SlotActivity.runOf("-g1")).isEmpty();
    }

    @Test
    void eachSlotHasItsTaskUntilItEndsAndTheEnginesItKeeps() {
        SlotActivity a = new SlotActivity();
        a.started(0, "t-g4");
        a.started(1, "t-g5");
        assertThat(a.tasks()).extracting(SlotTask::getTaskId).containsExactly("t-g4", "t-g5");
        a.finished(0, List.of("B", "A"));
        a.finished(1, List.of("A"));
        assertThat(a.tasks()).isEmpty();
        assertThat(a.engines()).containsExactly("A", "B");
    }
}
