package dev.joseki.play;

/**
 * A player failed to answer: its engine crashed (or broke the protocol), ran out of time, or was
 * cancelled.
 */
public final class PlayerException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * CANCELLED: the caller is stopping (a worker shutting down); the game is abandoned, not
     * recorded.
     */
    public enum Kind {
        CRASH,
        TIME,
        CANCELLED
    }

    private final Kind kind;

    public PlayerException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
