package dev.joseki.rules;

/** Why a game ended, named as in docs/cli.md. */
public enum Termination {
    CHECKMATE("checkmate"),
    RESIGN("resign"),
    SENNICHITE("sennichite"),
    PERPETUAL_CHECK("perpetual_check"),
    DECLARATION("declaration"),
    MAX_PLIES("max_plies"),
    ILLEGAL_MOVE("illegal_move"),
    TIME("time"),
    ABORT("abort"),
    UNKNOWN("unknown");

    private final String id;

    Termination(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
