package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.ExitCodes;
import org.junit.jupiter.api.Test;

/**
 * The start-up errors of {@code spark master} and {@code spark worker}: one line, exit 2, before
 * any Spark JVM starts. The running daemons are smoke.sh's part (containers).
 */
class SparkCommandTest {
    @Test
    void aMasterOnTheWildcardAddressIsAUsageErrorSinceItAnnouncesWhereItListens() {
        Cli.Run run = Cli.run("spark", "master", "--host", "0.0.0.0");
        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().strip())
                .isEqualTo(
                        "joseki spark master: --host 0.0.0.0 cannot be reached; give the name"
                                + " workers reach this master by (e.g. the container's host name)");
    }

    @Test
    void aWorkerNeedsASparkMasterUrl() {
        Cli.Run run = Cli.run("spark", "worker", "127.0.0.1:7077");
        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().strip())
                .isEqualTo(
                        "joseki spark worker: the master must be spark://HOST:PORT, not"
                                + " 127.0.0.1:7077");
    }

    @Test
    void aWorkerWhoseMasterDoesNotResolveSaysWhichHostInOneLine() {
        Cli.Run run = Cli.run("spark", "worker", "spark://no-such-host.invalid:7077");
        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().strip().lines()).hasSize(1);
        assertThat(run.err()).contains("no-such-host.invalid").doesNotContain("\tat ");
    }

    @Test
    void aWorkerWithoutCoresIsAUsageError() {
        Cli.Run run = Cli.run("spark", "worker", "spark://127.0.0.1:7077", "--cores", "0");
        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().strip())
                .isEqualTo("joseki spark worker: --cores must be at least 1, not 0");
    }
}
