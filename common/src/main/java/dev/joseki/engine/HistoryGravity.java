package dev.joseki.engine;

/**
 * The update rule of every history table (butterfly, continuation, capture): an entry e takes a
 * bonus b (positive when its move cut off, negative when it was tried before the move that did) as
 * {@code e += b·32 − e·|b·32| / MAX}. The second term pulls e back towards 0 the more often it is
 * hit, so recent results weigh most; with |b| ≤ {@link #BONUS_MAX} an entry never leaves ±{@link
 * #MAX}, which a short holds.
 */
final class HistoryGravity {
    static final int MAX = 16384;

    /** The largest bonus: a cut-off at depth 20 (bonus depth²). */
    static final int BONUS_MAX = 400;

    private HistoryGravity() {}

    /** The depth's bonus: depth², at most {@link #BONUS_MAX}. */
    static int bonus(int depth) {
        return Math.min(depth * depth, BONUS_MAX);
    }

    /** The entry e after a bonus b (|b| ≤ {@link #BONUS_MAX}). */
    static int add(int e, int b) {
        return e + b * 32 - e * Math.abs(b * 32) / MAX;
    }
}
