package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TaskPlacementTest {
    @Test
    void bitReversedOrderOfEightIsVanDerCorput() {
        assertThat(TaskPlacement.bitReversed(8)).containsExactly(0, 4, 2, 6, 1, 5, 3, 7);
    }

    @Test
    void bitReversedOrderSkipsValuesBeyondACountThatIsNoPowerOfTwo() {
        assertThat(TaskPlacement.bitReversed(6)).containsExactly(0, 4, 2, 1, 5, 3);
    }

    @Test
    void tasksAlternateBetweenMembers() {
        List<Integer> order = TaskPlacement.order(List.of(List.of(0, 1, 2), List.of(3, 4, 5)), 6);
        assertThat(order).containsExactly(0, 3, 1, 4, 2, 5);
    }

    @Test
    void partitionsOfNoMemberComeLast() {
        List<Integer> order = TaskPlacement.order(List.of(List.of(2), List.of(5)), 6);
        assertThat(order).containsExactly(2, 5, 0, 4, 1, 3);
    }
}
