package dev.joseki.cli.placement;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a run's games are played, the flags shared by tournament, book compare and tune (mixed into
 * each): in this process, or on the Kafka workers and how many at once in an embedded run.
 */
public final class GamePlacementOptions {
    @Option(
            names = "--local",
            description = "Play every game in this process instead of on the Kafka workers.")
    public boolean local;

    @Option(
            names = "--concurrency",
            paramLabel = "C",
            description =
                    "Games at once in the workers of an embedded run (default: one per core).")
    Integer concurrency;

    @Mixin SharedCoresOption sharedCores = new SharedCoresOption();
}
