package dev.joseki.tournament;

import java.util.List;

/**
 * The clock figures of a game's plies, as the referee measured them: {@code timeMs} per ply (-1 for
 * a ply the opening played) and {@code clockLeftMs}, the mover's main time left after the ply (-1
 * without a clock). Both lists are as long as the game, or empty when nothing was measured.
 * Immutable.
 */
public record MoveTimes(List<Integer> timeMs, List<Long> clockLeftMs) {
    public static final MoveTimes NONE = new MoveTimes(List.of(), List.of());

    public MoveTimes {
        timeMs = List.copyOf(timeMs);
        clockLeftMs = List.copyOf(clockLeftMs);
        if (!clockLeftMs.isEmpty() && clockLeftMs.size() != timeMs.size()) {
            throw new IllegalArgumentException(
                    clockLeftMs.size() + " clock readings for " + timeMs.size() + " plies");
        }
    }

    /** Whether a clock ran in the game. */
    public boolean clocked() {
        return !clockLeftMs.isEmpty();
    }
}
