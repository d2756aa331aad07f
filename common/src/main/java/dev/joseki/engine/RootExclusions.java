package dev.joseki.engine;

import dev.joseki.rules.MoveGenerator;

/**
 * MultiPV's root moves already taken: line k of a depth is searched with the best moves of lines
 * 0..k-1 left out, so each line finds the best of the moves the earlier lines did not play.
 * Invariant: the moves set at indexes 0..count-1 are the first count lines' moves of this depth.
 */
final class RootExclusions {
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private int count;

    /** The next root searches skip the moves set at indexes 0..count-1 (0: skip none). */
    void keepFirst(int count) {
        this.count = count;
    }

    /** The move of line index, once that line is searched. */
    void set(int index, int move) {
        moves[index] = move;
    }

    boolean contains(int move) {
        for (int i = 0; i < count; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }
}
