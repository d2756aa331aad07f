package dev.joseki.selfplay;

/** A player failed to answer: its engine crashed (or broke the protocol) or ran out of time. */
public final class PlayerException extends Exception {
    private static final long serialVersionUID = 1L;

    public enum Kind { CRASH, TIME }

    private final Kind kind;

    public PlayerException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
