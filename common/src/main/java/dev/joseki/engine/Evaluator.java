package dev.joseki.engine;

import dev.joseki.rules.Position;

/**
 * A static evaluation: the score of a position for the side to move, in centipawns
 * ({@link Material#PAWN_VALUE} = one pawn on the board). Implementations must be side-symmetric:
 * a position and its {@link Position#flipped()} twin score the same. The search calls this at every
 * leaf, so implementations must not allocate.
 */
public interface Evaluator {
    int evaluate(Position pos);
}
