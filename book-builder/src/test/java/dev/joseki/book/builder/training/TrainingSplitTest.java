package dev.joseki.book.builder.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TrainingSplitTest {
    @Test
    void theOrderIsSplitMix64sFinaliser() {
        // SplitMix64 (Vigna, splitmix64.c) from state 0: the first output is
        // mix(0x9e3779b97f4a7c15).
        assertThat(TrainingSplit.mix(0x9e3779b97f4a7c15L)).isEqualTo(0xe220a8397b1dcdafL);
    }

    @Test
    void theShuffleDependsOnTheSeedAndTheKeysNotOnTheirOrder() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            keys.add(String.format("%04x", i * 7919));
        }
        List<String> reversed = new ArrayList<>(keys);
        java.util.Collections.reverse(reversed);

        assertThat(shuffled(keys, 5)).isEqualTo(shuffled(reversed, 5));
        assertThat(shuffled(keys, 5)).isNotEqualTo(shuffled(keys, 6));
        assertThat(shuffled(keys, 5)).isNotEqualTo(keys).containsExactlyInAnyOrderElementsOf(keys);
    }

    private static List<String> shuffled(List<String> keys, long seed) {
        return keys.stream()
                .sorted(
                        Comparator.comparing(
                                        (String k) ->
                                                Long.toUnsignedString(TrainingSplit.order(seed, k)))
                                .thenComparing(k -> k))
                .toList();
    }

    @Test
    void theValidationShareIsTheFractionRoundedHalfUp() {
        assertThat(TrainingSplit.validationCount(1000, 0.05)).isEqualTo(50);
        assertThat(TrainingSplit.validationCount(10, 0.05)).isEqualTo(1); // 0.5 rounds up
        assertThat(TrainingSplit.validationCount(9, 0.05)).isZero(); // 0.45
        assertThat(TrainingSplit.validationCount(7, 0)).isZero();
        assertThatThrownBy(() -> TrainingSplit.validationCount(7, 1.0))
                .hasMessage("--validation must be in [0, 1), got 1.0");
    }

    @Test
    void validationRanksComeFirstAndEachSetIsCutIntoFilesOfItsOwn() {
        // 4 validation positions, 3 a file: ranks 0-2 file 0, rank 3 file 1 (validation);
        // ranks 4-6 file 2, rank 7 file 3 (training).
        int[] files = new int[8];
        for (int rank = 0; rank < 8; rank++) {
            files[rank] = TrainingSplit.file(rank, 4, 3);
        }
        assertThat(files).containsExactly(0, 0, 0, 1, 2, 2, 2, 3);
        assertThat(TrainingSplit.path(1, 4, 3)).isEqualTo("validation/part-00001.bin");
        assertThat(TrainingSplit.path(2, 4, 3)).isEqualTo("train/part-00000.bin");
        assertThat(TrainingSplit.path(0, 0, 3)).isEqualTo("train/part-00000.bin");
    }

    @Test
    void validationTakesWholeGamesInTheSeededOrderUntilItHoldsItsShare() {
        // Four games of 5, 3, 8 and 4 positions: 20 in all. The games in the seeded order, then
        // taken while fewer than the target are held.
        Map<String, Long> sizes = Map.of("a/0", 5L, "b/0", 3L, "c/0", 8L, "d/0", 4L);
        List<String> order =
                sizes.keySet().stream()
                        .sorted(
                                Comparator.comparing(
                                                (String g) ->
                                                        Long.toUnsignedString(
                                                                TrainingSplit.order(9, g), 16))
                                        .thenComparing(g -> g))
                        .toList();
        Set<String> one = TrainingSplit.validationGames(sizes, 9, 1);
        assertThat(one).containsExactly(order.get(0)); // the first game alone holds 1 or more
        Set<String> half = TrainingSplit.validationGames(sizes, 9, 10);
        long held = half.stream().mapToLong(sizes::get).sum();
        assertThat(held).isGreaterThanOrEqualTo(10).isLessThan(10 + 8);
        assertThat(half).containsExactlyInAnyOrderElementsOf(order.subList(0, half.size()));
        assertThat(TrainingSplit.validationGames(sizes, 9, 0)).isEmpty();
        assertThat(TrainingSplit.validationGames(sizes, 9, 25)).hasSize(4); // all there is
    }
}
