package dev.joseki.play;

/**
 * What is known about one ply of a game besides the move: who or what chose it and the search
 * figures reported for it. A score is from the mover's view: {@code scoreCp}, or {@code scoreMate}
 * (plies, negative when mated) when {@code mate} is true; {@code scored} is false when the engine
 * reported none.
 */
public record MoveInfo(
        Source source, int depth, long nodes, boolean scored, boolean mate, int score, int timeMs) {
    /**
     * Where the move came from: the opening (line or random plies), the book, the engine's search,
     * or a draw among the engine's near-best lines ({@link Sampling}).
     */
    public enum Source {
        OPENING_LINE,
        RANDOM_OPENING,
        BOOK_FULL,
        BOOK_HALF,
        BOOK_QUARTER,
        SEARCH,
        SAMPLED
    }

    public static final MoveInfo OPENING_LINE =
            new MoveInfo(Source.OPENING_LINE, 0, 0, false, false, 0, 0);
    public static final MoveInfo RANDOM_OPENING =
            new MoveInfo(Source.RANDOM_OPENING, 0, 0, false, false, 0, 0);

    /** An engine's move with nothing reported. */
    public static final MoveInfo NONE = new MoveInfo(Source.SEARCH, 0, 0, false, false, 0, 0);

    public MoveInfo withSource(Source s) {
        return new MoveInfo(s, depth, nodes, scored, mate, score, timeMs);
    }

    public MoveInfo withTimeMs(int ms) {
        return new MoveInfo(source, depth, nodes, scored, mate, score, ms);
    }

    /** True for a move that an engine chose (not played by the opening). */
    public boolean byEngine() {
        return source != Source.OPENING_LINE && source != Source.RANDOM_OPENING;
    }

    /**
     * The comment a CSA/KIF record keeps for the move: "book" for a full-match book move, else the
     * search figures, else nothing. Tournaments write the same whether a game was played here or on
     * a worker.
     */
    public String comment() {
        if (source == Source.BOOK_FULL) {
            return "book";
        }
        if (!byEngine() || depth == 0 && nodes == 0) {
            return "";
        }
        String s = !scored ? "" : mate ? "mate " + score + " " : "score " + score + " ";
        return s + "depth " + depth + " nodes " + nodes;
    }
}
