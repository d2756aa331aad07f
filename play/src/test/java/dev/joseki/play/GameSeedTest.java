package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GameSeedTest {
    @Test
    void mixerGivesTheSplitMix64ReferenceOutputsForSeed1234567() {
        // Rosetta Code "Pseudo-random numbers/Splitmix64", from Vigna's splitmix64.c: seed 1234567.
        long[] expected = {
            6457827717110365317L,
            3203168211198807973L,
            0x883ebce5a3f27c77L,
            4593380528125082431L,
            0xe3b8346708cb5ecdL
        };
        for (int n = 1; n <= expected.length; n++) {
            assertThat(GameSeed.splitMix64(1234567L, n))
                    .as("output %d", n)
                    .isEqualTo(expected[n - 1]);
        }
        // The reference's first output for seed 0.
        assertThat(GameSeed.splitMix64(0L, 1)).isEqualTo(0xE220A8397B1DCDAFL);
    }

    @Test
    void taskSeedsOfOneRunAreDistinctOver100kTasks() {
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            assertThat(seen.add(GameSeed.task(7, i))).as("task %d", i).isTrue();
        }
    }

    @Test
    void gameSeedsOfOneTaskAreDistinctOver100kGames() {
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            assertThat(seen.add(GameSeed.game(123, i))).isTrue();
        }
    }

    @Test
    void runsWithSeeds1And2ShareNoTaskSeedOver10kTasks() {
        Set<Long> one = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            one.add(GameSeed.task(1, i));
        }
        for (int i = 0; i < 10_000; i++) {
            assertThat(one).doesNotContain(GameSeed.task(2, i));
        }
    }

    @Test
    void nearbySeedsDoNotReplayShiftedTasks() {
        // The old rule, seed + i, made run 2's task 0 run 1's task 1.
        assertThat(GameSeed.task(2, 0)).isNotEqualTo(GameSeed.task(1, 1));
        assertThat(GameSeed.game(GameSeed.task(1, 0), 1))
                .isNotEqualTo(GameSeed.game(GameSeed.task(1, 1), 0));
    }

    @Test
    void seedsAreFixedFunctionsOfTheirInputs() {
        assertThat(GameSeed.task(42, 3)).isEqualTo(GameSeed.task(42, 3));
        assertThat(GameSeed.game(GameSeed.task(42, 3), 1))
                .isEqualTo(GameSeed.game(GameSeed.task(42, 3), 1));
    }

    @Test
    void gameIdSeedIsFnv1a64() {
        // Published FNV-1a 64 test vectors.
        assertThat(GameSeed.ofId("")).isEqualTo(0xcbf29ce484222325L);
        assertThat(GameSeed.ofId("a")).isEqualTo(0xaf63dc4c8601ec8cL);
        assertThat(GameSeed.ofId("foobar")).isEqualTo(0x85944171f73967e8L);
    }
}
