package dev.joseki.cli;

/**
 * A failure the user can act on, reported as one line "joseki COMMAND: message" with the given exit
 * status (see {@link ExitCodes}) and no stack trace unless --verbose.
 */
final class CommandFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int status;

    CommandFailure(int status, String message) {
        super(message);
        this.status = status;
    }

    CommandFailure(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }
}
