package dev.joseki.cli;

import picocli.CommandLine.Command;

/** {@code ./joseki train ...}: trained evaluations (docs/training.md). */
@Command(
        name = "train",
        mixinStandardHelpOptions = true,
        description = "Trains the engine's evaluation on positions labelled by a teacher.",
        subcommands = {TrainFitCommand.class})
final class TrainCommand {}
