package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MemberPlacementTest {
    private static final List<List<Integer>> TWO_MEMBERS = List.of(List.of(0, 1), List.of(2, 3));

    @Test
    void eachTaskGoesToTheMemberWithTheFewestUnansweredTasks() {
        MemberPlacement<String> p = new MemberPlacement<>(() -> TWO_MEMBERS, () -> 4);
        assertThat(p.place("a")).isZero(); // a tie at 0 each: member 0, its first partition
        assertThat(p.place("b")).isEqualTo(2); // member 1 has none
        assertThat(p.place("c")).isEqualTo(1); // a tie at 1 each: member 0, its next partition
        p.answered("b"); // member 1 has answered: it gets the next two
        assertThat(p.place("d")).isEqualTo(3);
        assertThat(p.place("e")).isEqualTo(2);
        assertThat(p.unanswered()).isEqualTo(4);
    }

    @Test
    void withoutAGroupDescriptionTasksGoRoundRobinInBitReversedOrder() {
        MemberPlacement<Integer> p = new MemberPlacement<>(List::of, () -> 4);
        List<Integer> placed = new ArrayList<>();
        for (int task = 0; task < 5; task++) {
            placed.add(p.place(task));
        }
        assertThat(placed).containsExactly(0, 2, 1, 3, 0);
    }

    @Test
    void aGroupStillFormingAtTheStartIsReadAgainAfterTheRefreshInterval() {
        // First reading: one member holds all four partitions (the second has not joined yet).
        AtomicInteger readings = new AtomicInteger();
        AtomicLong now = new AtomicLong();
        MemberPlacement<Integer> p =
                new MemberPlacement<>(
                        () ->
                                readings.getAndIncrement() == 0
                                        ? List.of(List.of(0, 1, 2, 3))
                                        : TWO_MEMBERS,
                        () -> 4,
                        now::get);
        assertThat(List.of(p.place(0), p.place(1))).containsExactly(0, 1);
        now.addAndGet(MemberPlacement.REFRESH.toNanos() - 1);
        assertThat(p.place(2)).isEqualTo(2); // still the first reading: its third partition
        assertThat(readings.get()).isEqualTo(1);
        now.addAndGet(1);
        p.answered(0);
        p.answered(1);
        p.answered(2);
        // Read again: two members, both idle, so the tasks alternate between them.
        assertThat(List.of(p.place(3), p.place(4), p.place(5), p.place(6)))
                .containsExactly(0, 2, 1, 3);
        assertThat(readings.get()).isEqualTo(2);
    }
}
