package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RootExclusionsTest {
    @Test
    void onlyTheMovesOfTheFirstCountLinesAreSkipped() {
        RootExclusions excluded = new RootExclusions();
        excluded.set(0, 101);
        excluded.set(1, 202);
        excluded.keepFirst(0); // line 0 searches every move
        assertThat(excluded.contains(101)).isFalse();
        excluded.keepFirst(1); // line 1 skips line 0's move only
        assertThat(excluded.contains(101)).isTrue();
        assertThat(excluded.contains(202)).isFalse();
        excluded.keepFirst(2);
        assertThat(excluded.contains(202)).isTrue();
        assertThat(excluded.contains(303)).isFalse();
    }
}
