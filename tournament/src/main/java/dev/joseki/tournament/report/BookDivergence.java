package dev.joseki.tournament.report;

import dev.joseki.tournament.GameOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * Where two books stop agreeing, and who scored there: which book's choices did better, when both
 * hold the same lines and so leave their books at the same plies.
 *
 * <p>A game's divergence is its first move, after the opening, that its mover played from its own
 * book (the probe says so for the mover's book) and that the other player's book lacks in that
 * position: from there the game follows the mover's book alone. The mover's moves count only while
 * it is still in its book (its consecutive book moves, as {@link BookUse} counts them, in the same
 * walk); the walk ends when both players have left their books. A game without such a move has
 * none: every book move in it was in both books, or one player played both sides.
 *
 * @param sides one per player, A first: the games that this player's book took out of the other's
 * @param games games looked at
 * @param agreed games without a divergence
 * @param agreedScoreA A's mean points in those games; NaN without such games
 */
public record BookDivergence(List<Side> sides, int games, int agreed, double agreedScoreA) {
    public BookDivergence {
        sides = List.copyOf(sides);
    }

    /**
     * @param games games whose divergence was this player's book move
     * @param plyMean mean ply of those moves (1-based from the game's start, opening plies
     *     included); NaN without games
     * @param score this player's mean points in those games; NaN without games
     */
    public record Side(String name, int games, double plyMean, double score) {}

    /**
     * Adds up the games one at a time, as {@link BookUse#of}'s walk finds each one's divergence
     * (the walk and its in-book rule are there, once).
     */
    static final class Tally {
        private final int[] count;
        private final double[] plySum, points;
        private int games, agreed;
        private double agreedPointsA;

        Tally(int players) {
            count = new int[players];
            plySum = new double[players];
            points = new double[players];
        }

        /** Game {@code g} diverged at {@code ply} (1-based) by {@code player}'s book move. */
        void diverged(GameOutcome g, int player, int ply) {
            games++;
            count[player]++;
            plySum[player] += ply;
            points[player] += g.pointsOf(player);
        }

        /** Game {@code g} has no divergence: every book move in it was in both books. */
        void agreed(GameOutcome g) {
            games++;
            agreed++;
            agreedPointsA += g.pointsOf(0);
        }

        /**
         * @param names the players' names, A first (two)
         */
        BookDivergence result(List<String> names) {
            List<Side> sides = new ArrayList<>();
            for (int p = 0; p < count.length; p++) {
                sides.add(
                        new Side(
                                names.get(p),
                                count[p],
                                count[p] == 0 ? Double.NaN : plySum[p] / count[p],
                                count[p] == 0 ? Double.NaN : points[p] / count[p]));
            }
            return new BookDivergence(
                    sides, games, agreed, agreed == 0 ? Double.NaN : agreedPointsA / agreed);
        }
    }
}
