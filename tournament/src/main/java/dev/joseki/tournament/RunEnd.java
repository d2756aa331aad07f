package dev.joseki.tournament;

/** How a tournament run ended, as its reports say it. */
public enum RunEnd {
    /** Every scheduled game was played. */
    COMPLETE(""),
    /** The SPRT decided before all scheduled games were played. */
    SPRT_DECIDED(" (stopped early: SPRT decided)"),
    /**
     * The user stopped the run (Ctrl-C): the report holds the games finished until then. Games the
     * workers still play stay on the broker, where a re-run of the same id finds them.
     */
    INTERRUPTED(" (interrupted: the games finished until then)");

    private final String note;

    RunEnd(String note) {
        this.note = note;
    }

    /** What the reports append to "N of M games": empty for a complete run. */
    public String note() {
        return note;
    }
}
