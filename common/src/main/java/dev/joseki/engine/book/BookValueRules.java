package dev.joseki.engine.book;

import dev.joseki.engine.Score;

/**
 * How a full match's values constrain the book move (USI options {@code BookEvalWindow}, {@code
 * BookLossValue}, {@code BookEvalBlackLimit}, {@code BookEvalWhiteLimit}); values are the mover's
 * view, in centipawns or mate scores:
 *
 * <ul>
 *   <li>a move valued at or below {@code -lossValue}, or valued as a mate against its mover, is
 *       losing and never played from the book, whatever the choice;
 *   <li>when the best value among the full-match moves is below the limit of the side to move, the
 *       engine leaves the book and searches (YaneuraOu's {@code BookEvalBlackLimit} and {@code
 *       BookEvalWhiteLimit});
 *   <li>{@code window}: how far below the best value a move may be and still be chosen by {@link
 *       BookChoice#WINDOW} (and {@link BookChoice#AUTO} on a valued position);
 *   <li>{@code minedMoves} ({@code BookMinedMoves}): whether a legal move the book only evaluated
 *       (mined by MultiPV, no game played it) is a book move too. Off, the values only rank the
 *       moves games played: the mined book's MultiPV additions are where it lost against the
 *       count-only book (docs/results.md), while its values still reach the played moves through
 *       propagation.
 * </ul>
 *
 * {@link #OFF} in a limit or in lossValue turns that rule off ({@link #NONE}: the book before
 * values constrained it, as the tournament's book openings still use it).
 */
public record BookValueRules(
        int window, int lossValue, int blackLimit, int whiteLimit, boolean minedMoves) {
    /** A limit or loss value that applies to no value. */
    public static final int OFF = Integer.MIN_VALUE;

    /** No loss rule and no limits: values only order VALUE and WINDOW. */
    public static final BookValueRules NONE = new BookValueRules(0, OFF, OFF, OFF);

    /** Rules under which mined moves are book moves (the default). */
    public BookValueRules(int window, int lossValue, int blackLimit, int whiteLimit) {
        this(window, lossValue, blackLimit, whiteLimit, true);
    }

    public BookValueRules {
        if (window < 0 || (lossValue != OFF && lossValue < 0)) {
            throw new IllegalArgumentException(
                    "book value rules: window " + window + " loss value " + lossValue);
        }
    }

    /** Only the window of {@link BookChoice#WINDOW}, no loss rule and no limits. */
    public static BookValueRules window(int window) {
        return new BookValueRules(window, OFF, OFF, OFF, true);
    }

    /** True when a move of this value (its mover's view) is never played from the book. */
    public boolean losing(int value) {
        return lossValue != OFF && (value <= -lossValue || value <= -Score.MATE_IN_MAX_PLY);
    }

    /** The lowest best value at which the side to move stays in the book ({@link #OFF}: any). */
    public int limit(boolean blackToMove) {
        return blackToMove ? blackLimit : whiteLimit;
    }
}
