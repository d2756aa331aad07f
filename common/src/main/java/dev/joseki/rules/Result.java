package dev.joseki.rules;

/** Outcome of a game, named as in docs/cli.md. */
public enum Result {
    BLACK_WIN("black_win"),
    WHITE_WIN("white_win"),
    DRAW("draw"),
    UNFINISHED("unfinished");

    private final String id;

    Result(String id) {
        this.id = id;
    }

    /** The stable lower-case name used in JSON output. */
    public String id() {
        return id;
    }

    public static Result winner(int color) {
        return color == Piece.BLACK ? BLACK_WIN : WHITE_WIN;
    }

    public static Result loser(int color) {
        return winner(color ^ 1);
    }
}
