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

    @Option(
            names = "--games-per-task",
            paramLabel = "N",
            defaultValue = "1",
            description =
                    "Games a worker task carries, committed together (default: ${DEFAULT-VALUE});"
                            + " 1 or even: a colour-swapped pair stays in one task. More games a"
                            + " task cost the broker less per game; a worker killed mid-task"
                            + " replays all of them.")
    int gamesPerTask = 1;

    @Mixin SharedCoresOption sharedCores = new SharedCoresOption();
}
