package dev.joseki.tournament.stats;

/** State of a sequential test: keep playing, or one hypothesis accepted. */
public enum SprtDecision {
    /** LLR between the bounds. */
    CONTINUE("continue"),
    /** LLR ≤ lower bound: the change is rejected (Elo = elo0 accepted). */
    H0("H0"),
    /** LLR ≥ upper bound: the change is accepted (Elo = elo1 accepted). */
    H1("H1");

    private final String id;

    SprtDecision(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public boolean decided() {
        return this != CONTINUE;
    }
}
