package dev.joseki.cli.command;

/**
 * A failure the user can act on, reported as one line "joseki COMMAND: message" with the given exit
 * status (see {@link ExitCodes}) and no stack trace unless --verbose.
 */
public final class CommandFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public final int status;

    public CommandFailure(int status, String message) {
        super(message);
        this.status = status;
    }

    public CommandFailure(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }
}
