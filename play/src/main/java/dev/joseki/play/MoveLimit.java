package dev.joseki.play;

import dev.joseki.engine.Limits;

/**
 * What a player is told for one move: a per-move {@link SearchLimit}, or the clocks of a clocked
 * game ({@link ClockReading}). The same limit reaches our engine as {@link Limits} and an external
 * engine as the USI {@code go} line.
 */
public sealed interface MoveLimit permits SearchLimit, ClockReading {
    /** The limits of our own search. */
    Limits toLimits();

    /** The USI {@code go} line for an external engine. */
    String usiGo();
}
