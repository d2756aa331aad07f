package dev.joseki.engine;

/**
 * An evaluation file that cannot be used: the message is one line naming the file and what is wrong
 * with it (missing, truncated, another format version or feature set, a wrong checksum).
 */
public final class EvalFileException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public EvalFileException(String message) {
        super(message);
    }
}
