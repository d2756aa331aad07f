package dev.joseki.rules;

/**
 * The search's view of move generation: the same legal generator as perft and adjudication ({@link
 * MoveGenerator}), selected by stage. Two switches:
 *
 * <ul>
 *   <li>{@code mode}: {@link #ALL}; {@link #TACTICAL}, only captures and promotions, no drops (the
 *       quiescence search and the first stage of the main search) — when the side to move is in
 *       check it generates every evasion instead, because a quiescence node in check must see all
 *       replies to tell mate; {@link #QUIET}, the complement of TACTICAL (the second stage), never
 *       used in check.
 *   <li>{@code plausibleOnly}: the "limited plausible move generation" of Grimbergen and Matsubara:
 *       a pawn, bishop or rook that may promote never plays the non-promotion. Such moves are
 *       almost never better and cost a large share of the branching factor.
 * </ul>
 *
 * Every move produced is legal, drop rules included (nifu, dead drops, pawn-drop mate).
 */
public final class SearchMoves {
    public static final int ALL = MoveGenerator.ALL,
            TACTICAL = MoveGenerator.TACTICAL,
            QUIET = MoveGenerator.QUIET;

    private SearchMoves() {}

    /**
     * Appends the legal moves selected by the switches to out from index n; returns the new end.
     */
    public static int generate(
            Position pos, int[] out, int n, boolean tacticalOnly, boolean plausibleOnly) {
        return MoveGenerator.generate(pos, out, n, tacticalOnly ? TACTICAL : ALL, plausibleOnly);
    }

    /** Appends the legal moves of the given mode to out from index n; returns the new end. */
    public static int generate(Position pos, int[] out, int n, int mode, boolean plausibleOnly) {
        return MoveGenerator.generate(pos, out, n, mode, plausibleOnly);
    }
}
