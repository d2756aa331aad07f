package dev.joseki.book;

import java.util.List;

/**
 * What the book says about a position. Moves are 16-bit moves ({@link
 * dev.joseki.rules.Move#move16}) in the queried position's own coordinates and are legal there.
 * Lists are sorted by count/frequency, most frequent first.
 */
public record ProbeResult(List<FullMove> full, List<Suggestion> half, List<Suggestion> quarter) {
    public static final ProbeResult EMPTY = new ProbeResult(List.of(), List.of(), List.of());

    public ProbeResult {
        full = List.copyOf(full);
        half = List.copyOf(half);
        quarter = List.copyOf(quarter);
    }

    /** A full-match move with its statistics from the mover's point of view. */
    public record FullMove(int move16, MoveStats stats) {}

    /**
     * A partial-match move: FQ is its count summed over the matching entries; area is null for
     * half.
     */
    public record Suggestion(int move16, long frequency, Area area) {}

    public boolean isEmpty() {
        return full.isEmpty() && half.isEmpty() && quarter.isEmpty();
    }
}
