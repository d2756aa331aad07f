package dev.joseki.cli.placement;

import picocli.CommandLine.Option;

/**
 * Whether clocked games may run when games at once × threads per game exceed the cores (mixed into
 * self-play and {@link GamePlacementOptions}): a game that waits for a core loses on time unfairly,
 * so this is refused unless allowed.
 */
public final class SharedCoresOption {
    @Option(
            names = "--allow-shared-cores",
            description =
                    "Play clocked games even when games at once x threads per game exceed the cores"
                            + " (warns).")
    public boolean allowed;
}
