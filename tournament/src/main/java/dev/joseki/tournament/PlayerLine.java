package dev.joseki.tournament;

/** One player's totals in the crosstable; the field names are those of results.json (cli.md). */
public record PlayerLine(
        String name, long games, long wins, long losses, long draws, double points) {}
