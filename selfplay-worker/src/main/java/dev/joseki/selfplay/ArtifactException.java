package dev.joseki.selfplay;

/**
 * An engine artifact that cannot be published, found or trusted: a user error when publishing (a
 * file that cannot be read, two files with one path), a task's failure on a worker (missing, or
 * bytes that do not match their hash). The message is one line that names the artifact and what is
 * wrong; it is the reason recorded with a failed task.
 */
public final class ArtifactException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ArtifactException(String message) {
        super(message);
    }

    public ArtifactException(String message, Throwable cause) {
        super(message, cause);
    }
}
