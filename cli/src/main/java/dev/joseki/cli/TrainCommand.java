package dev.joseki.cli;

import picocli.CommandLine.Command;

/**
 * {@code ./joseki train ...}: training data from the workers' self-play, its export, and fitting a
 * trained evaluation to it (cli.md, docs/training.md).
 */
@Command(
        name = "train",
        mixinStandardHelpOptions = true,
        description =
                "Training data (positions labelled by a teacher engine on the workers) and the"
                        + " evaluation trained on it.",
        subcommands = {TrainDataCommand.class, TrainExportCommand.class, TrainFitCommand.class})
final class TrainCommand {}
