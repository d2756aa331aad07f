package dev.joseki.cli.placement;

import picocli.CommandLine.Option;

/**
 * How many games a run keeps on the workers unanswered (mixed into tournament and book compare;
 * tune sizes its window by --batch instead).
 */
public final class InFlightOption {
    /**
     * Tasks on the workers at once by default. When an SPRT decides, the queued ones are skipped
     * (RetiredRuns); only the games being played are wasted.
     */
    static final int IN_FLIGHT = 64;

    @Option(
            names = "--in-flight",
            paramLabel = "N",
            description = {
                "Games sent to the workers and not yet answered, at most (default"
                        + " ${DEFAULT-VALUE}).",
                "When an SPRT decides, the workers skip those still queued: with few worker slots,"
                        + " a few times their number is enough."
            })
    public int inFlight = IN_FLIGHT;

    /** The value; IllegalArgumentException below 1, with which no game would ever be sent. */
    public int checked() {
        if (inFlight < 1) {
            throw new IllegalArgumentException("--in-flight must be at least 1, got " + inFlight);
        }
        return inFlight;
    }
}
