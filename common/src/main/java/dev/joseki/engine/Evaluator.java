package dev.joseki.engine;

import dev.joseki.rules.Position;

/**
 * A static evaluation: the score of a position for the side to move, in centipawns ({@link
 * Material#PAWN_VALUE} = one pawn on the board). Implementations must be side-symmetric: a position
 * and its {@link Position#flipped()} twin score the same. The search calls this at every leaf, so
 * implementations must not allocate.
 *
 * <p>Optional incremental support: an evaluator may keep {@link #stateSize()} ints per ply, which
 * the search fills with {@link #refresh} at the root and {@link #update} after every move, and then
 * reads with {@link #evaluate(Position, int[], int)}. The default keeps no state and evaluates from
 * scratch. Whatever the path, the result must equal {@link #evaluate(Position)}.
 */
public interface Evaluator {
    int evaluate(Position pos);

    default int stateSize() {
        return 0;
    }

    /** Computes the state of pos from scratch into state[at ..]. */
    default void refresh(Position pos, int[] state, int at) {}

    /** pos is the position after move; parent holds the state before it. */
    default void update(Position pos, int move, int[] state, int parent, int at) {
        refresh(pos, state, at);
    }

    default int evaluate(Position pos, int[] state, int at) {
        return evaluate(pos);
    }
}
