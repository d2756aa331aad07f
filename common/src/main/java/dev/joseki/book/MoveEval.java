package dev.joseki.book;

/**
 * An engine's verdict on one move of one book position: {@code value} from the point of view of the
 * player who makes the move (the side to move in the position), in the engine's score units —
 * centipawns, or mate scores {@code ±(32000 − plies)} as in {@code dev.joseki.engine.Score} and
 * YaneuraOu's books — and the {@code depth} it was searched to (for a propagated value: its depth
 * to the book's leaf, see {@code book propagate}), with the {@code nodes} spent (0 when unknown,
 * e.g. imported or propagated).
 */
public record MoveEval(int value, int depth, long nodes) {
    public static final int MATE = 32000;

    public MoveEval {
        if (value < -MATE || value > MATE || depth < 0 || depth > 0xffff || nodes < 0) {
            throw new IllegalArgumentException(
                    "move eval out of range: value "
                            + value
                            + " depth "
                            + depth
                            + " nodes "
                            + nodes);
        }
    }

    /**
     * Which of two evaluations of the same move the book keeps when both arrive: the deeper one; at
     * equal depth the one with more nodes; then the higher value (so the choice never depends on
     * arrival order).
     */
    public MoveEval better(MoveEval o) {
        if (depth != o.depth) {
            return depth > o.depth ? this : o;
        }
        if (nodes != o.nodes) {
            return nodes > o.nodes ? this : o;
        }
        return value >= o.value ? this : o;
    }
}
