package dev.joseki.cli;

import picocli.CommandLine.Command;

/**
 * {@code ./joseki train ...}: training data from the workers' self-play and its export (cli.md).
 */
@Command(
        name = "train",
        mixinStandardHelpOptions = true,
        description = "Training data: positions labelled by a teacher engine on the workers.",
        subcommands = {TrainDataCommand.class, TrainExportCommand.class})
final class TrainCommand {}
