package dev.joseki.cli.book;

import picocli.CommandLine.Command;

/** {@code ./joseki book ...}: build, probe, inspect, export and import opening books (cli.md). */
@Command(
        name = "book",
        mixinStandardHelpOptions = true,
        description =
                "Opening books with full, half and quarter matching (Grimbergen & Matsubara).",
        subcommands = {
            BookBuildCommand.class,
            BookProbeCommand.class,
            BookStatsCommand.class,
            BookVerifyCommand.class,
            BookExportCommand.class,
            BookImportCommand.class,
            BookPropagateCommand.class,
            BookMineCommand.class,
            BookServeCommand.class,
            BookOpeningsCommand.class,
            BookExtensionCommand.class,
            BookEvalsCommand.class,
            BookCompareCommand.class
        })
public final class BookCommand {}
