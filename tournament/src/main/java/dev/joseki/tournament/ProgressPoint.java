package dev.joseki.tournament;

/**
 * The tested player's standing after its {@code games}-th finished game, for the chart. {@code
 * error} is NaN while the interval is withheld (fewer games than IntervalFloor asks, or all alike);
 * once the games have a meaningful interval every later point has one too, so the NaNs form a
 * prefix.
 */
public record ProgressPoint(long games, double score, double elo, double error) {}
