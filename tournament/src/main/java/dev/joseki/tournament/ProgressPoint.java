package dev.joseki.tournament;

/** The tested player's standing after its {@code games}-th finished game, for the chart. */
public record ProgressPoint(long games, double score, double elo, double error) {
}
