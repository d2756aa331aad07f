package dev.joseki.engine.mate;

/**
 * The outcome of a mate search. {@code pv} is the mating line (attacker, defender, …, attacker)
 * when proven, its length the mate length in plies; empty otherwise.
 */
public record MateResult(Status status, int[] pv, long nodes) {
    public enum Status {
        /** A forced mate exists. */
        PROVEN,
        /** No forced mate by checks exists (within the solver's depth cap). */
        DISPROVEN,
        /** The node budget or the time ran out. */
        UNKNOWN
    }

    public boolean proven() {
        return status == Status.PROVEN;
    }
}
