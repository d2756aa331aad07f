package dev.joseki.cli.command;

/** Exit statuses fixed by docs/cli.md. */
public final class ExitCodes {
    public static final int OK = 0;

    /** The command ran and found a failure (a failed perft case, an illegal record). */
    public static final int FAILURE = 1;

    /** Bad usage or unreadable input. */
    public static final int USAGE = 2;

    /** A service the command needs (the Kafka broker) cannot be reached: worth retrying later. */
    public static final int UNREACHABLE = 3;

    private ExitCodes() {}
}
