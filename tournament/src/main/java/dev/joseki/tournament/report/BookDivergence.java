package dev.joseki.tournament.report;

import dev.joseki.notation.RecordMove;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
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
 * it is still in its book (its consecutive book moves, as {@link BookUse} counts them); the walk
 * ends when both players have left their books. A game without such a move has none: every book
 * move in it was in both books.
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
     * @param names the players' names, A first (two)
     */
    public static BookDivergence of(
            List<GameOutcome> games, List<String> names, BookUse.Probe probe) {
        int players = names.size();
        int[] count = new int[players];
        double[] plySum = new double[players], points = new double[players];
        int agreed = 0;
        double agreedPointsA = 0;
        for (GameOutcome g : games) {
            int[] at = divergence(g, probe, players);
            if (at == null) {
                agreed++;
                agreedPointsA += g.pointsOf(0);
                continue;
            }
            int p = at[0];
            count[p]++;
            plySum[p] += at[1];
            points[p] += g.pointsOf(p);
        }
        List<Side> sides = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            sides.add(
                    new Side(
                            names.get(p),
                            count[p],
                            count[p] == 0 ? Double.NaN : plySum[p] / count[p],
                            count[p] == 0 ? Double.NaN : points[p] / count[p]));
        }
        return new BookDivergence(
                sides, games.size(), agreed, agreed == 0 ? Double.NaN : agreedPointsA / agreed);
    }

    /** {player, ply} of the game's divergence, or null when it has none. */
    private static int[] divergence(GameOutcome g, BookUse.Probe probe, int players) {
        int black = g.task().black(), white = g.task().white();
        if (black == white) {
            return null; // one player on both sides: one book, nothing to disagree with
        }
        boolean[] in = new boolean[players];
        in[black] = true;
        in[white] = true;
        int openingPlies = g.task().opening().moves().size();
        Position pos = Sfen.parse(g.record().startSfen());
        List<RecordMove> moves = g.record().moves();
        for (int i = 0; i < moves.size(); i++) {
            int m = moves.get(i).move();
            if (i >= openingPlies) {
                boolean blackMoves = pos.sideToMove() == Piece.BLACK;
                int p = blackMoves ? black : white, other = blackMoves ? white : black;
                if (!in[p] && !in[other]) {
                    return null;
                }
                if (in[p]) {
                    if (!probe.isBookMove(p, pos, m)) {
                        in[p] = false;
                    } else if (!probe.isBookMove(other, pos, m)) {
                        return new int[] {p, i + 1};
                    }
                }
            }
            pos.doMove(m);
        }
        return null;
    }
}
