package dev.joseki.cli;

import picocli.CommandLine.Command;

/**
 * {@code ./joseki engine ...}: engines shipped to the workers through the broker (docs/engines.md,
 * "Shipping an engine to the workers").
 */
@Command(
        name = "engine",
        mixinStandardHelpOptions = true,
        description =
                "Engines published on the broker, which the workers fetch, check and run"
                        + " (--engine artifact=NAME).",
        subcommands = {EnginePublishCommand.class, EngineListCommand.class})
final class EngineCommand {}
