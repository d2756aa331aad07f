package dev.joseki.tournament.extension;

/**
 * How far the book reached in one game for one player (Grimbergen and Matsubara, Table 1 and
 * Figures 3–6). Plies are move numbers (1 = the first move of the game) of positions where this
 * player was to move.
 *
 * <p>Invariants: 0 ≤ lastFull ≤ lastHalf ≤ lastQuarter (0 = never); a later kind of match counts as
 * extending an earlier one, so lastHalf is the last ply at which full <em>or</em> half matching
 * returned a move, lastQuarter the last at which any of the three did. played ≤ suggested for both
 * partial matches.
 *
 * @param game where the game came from (file name, and the game's index when a file holds several)
 * @param lastFull last ply at which full matching returned a move
 * @param lastHalf last ply at which full or half matching returned a move
 * @param lastQuarter last ply at which any matching returned a move
 * @param halfSuggested this player's moves made without a full match while half matching suggested
 *     moves
 * @param halfPlayed of those, moves that were among the half-match suggestions
 * @param quarterSuggested this player's moves made without a full match while quarter matching
 *     suggested moves
 * @param quarterPlayed of those, moves that were among the quarter-match suggestions
 */
public record GameExtension(
        String game,
        String player,
        String opponent,
        int plies,
        int lastFull,
        int lastHalf,
        int lastQuarter,
        int halfSuggested,
        int halfPlayed,
        int quarterSuggested,
        int quarterPlayed) {

    public GameExtension {
        if (lastFull < 0
                || lastHalf < lastFull
                || lastQuarter < lastHalf
                || halfPlayed > halfSuggested
                || quarterPlayed > quarterSuggested
                || halfPlayed < 0
                || quarterPlayed < 0) {
            throw new IllegalArgumentException("inconsistent book extension of " + game);
        }
    }
}
