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

    @Test
    void theNextTaskGoesToTheMemberWithTheFewestUnansweredTasks() {
        List<List<Integer>> members = List.of(List.of(0, 1), List.of(2, 3), List.of(4, 5));
        // member 0 has 2 (partitions 0 and 1), member 1 has 2 (partition 2 twice), member 2 has 1
        assertThat(TaskPlacement.leastLoaded(members, List.of(0, 1, 2, 2, 5))).isEqualTo(2);
        // a tie between members 1 and 2 (none each) goes to the first
        assertThat(TaskPlacement.leastLoaded(members, List.of(0))).isEqualTo(1);
        assertThat(TaskPlacement.leastLoaded(members, List.of())).isZero();
    }
}
