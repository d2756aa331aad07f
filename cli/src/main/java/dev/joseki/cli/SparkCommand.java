package dev.joseki.cli;

import picocli.CommandLine.Command;

/**
 * {@code ./joseki spark master|worker}: the daemons of a Spark standalone cluster in the
 * foreground, from the project's own Spark jars, for machines and containers that run one each (the
 * compose file's {@code spark-master} and {@code spark-worker} services).
 */
@Command(
        name = "spark",
        mixinStandardHelpOptions = true,
        description = "Runs a Spark standalone master or worker in the foreground.",
        subcommands = {SparkMasterCommand.class, SparkWorkerCommand.class})
final class SparkCommand {}
