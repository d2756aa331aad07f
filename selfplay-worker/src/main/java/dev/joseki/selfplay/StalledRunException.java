package dev.joseki.selfplay;

/**
 * A run on the workers that stopped getting games: no worker in its group, all of them stuck, or
 * all of them busy with tasks queued ahead of this run's (another run's). The user's situation to
 * resolve, not a bug: the command line says it in one line, and running the same command again
 * continues, since the games already published are kept.
 */
public final class StalledRunException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public StalledRunException(String message) {
        super(message);
    }
}
