package dev.joseki.book;

/**
 * What the book knows about one move from one indexed position: how often it was played, the
 * results for the player who played it, and the earliest and latest ply at which it was seen.
 */
public record MoveStats(long count, long wins, long draws, long losses, int minPly, int maxPly) {

    public MoveStats {
        if (count < 0 || wins < 0 || draws < 0 || losses < 0 || wins + draws + losses > count) {
            throw new IllegalArgumentException(
                    "inconsistent move stats " + count + "/" + wins + "/" + draws + "/" + losses);
        }
    }

    /** One occurrence; result for the mover: 1 win, 0 draw, -1 loss, anything else unknown. */
    public static MoveStats one(int resultForMover, int ply) {
        return new MoveStats(
                1,
                resultForMover == 1 ? 1 : 0,
                resultForMover == 0 ? 1 : 0,
                resultForMover == -1 ? 1 : 0,
                ply,
                ply);
    }

    public MoveStats plus(MoveStats o) {
        return new MoveStats(
                count + o.count,
                wins + o.wins,
                draws + o.draws,
                losses + o.losses,
                Math.min(minPly, o.minPly),
                Math.max(maxPly, o.maxPly));
    }
}
