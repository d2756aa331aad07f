package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.ExitCodes;
import java.util.List;
import org.junit.jupiter.api.Test;

class MatchCommandTest {
    @Test
    void playsColourSwappedPairsAndReportsWinsLossesDraws() {
        Cli.Run r =
                Cli.run(
                        "match",
                        "--games",
                        "2",
                        "--a-depth",
                        "2",
                        "--b-depth",
                        "1",
                        "--max-plies",
                        "40",
                        "--verbose");
        assertThat(r.status()).isZero();
        List<String> lines = r.out().strip().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("game 1 black depth=2 white depth=1 result ");
        assertThat(lines.get(1)).startsWith("game 2 black depth=1 white depth=2 result ");
        assertThat(lines.get(2))
                .matches("A depth=2 vs B depth=1: W-L-D (\\d)-(\\d)-(\\d) score \\d+\\.\\d%");
        String[] wld = lines.get(2).replaceAll(".*W-L-D (\\S+) .*", "$1").split("-");
        assertThat(Integer.parseInt(wld[0]) + Integer.parseInt(wld[1]) + Integer.parseInt(wld[2]))
                .isEqualTo(2);
    }

    @Test
    void eachPlayerNeedsExactlyOneLimit() {
        assertThat(Cli.run("match", "--a-depth", "2", "--a-nodes", "10", "--b-depth", "1").status())
                .isNotZero();
    }

    @Test
    void clocksGiveTimeOddsAndExcludePerMoveLimits() {
        Cli.Run r =
                Cli.run(
                        "match",
                        "--games",
                        "2",
                        "--a-tc",
                        "1+0.05",
                        "--b-depth",
                        "1",
                        "--max-plies",
                        "12");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out().strip())
                .matches("A tc=1\\+0.05 vs B depth=1: W-L-D \\d-\\d-\\d score \\d+\\.\\d%");
        Cli.Run both = Cli.run("match", "--tc", "1", "--a-depth", "2");
        assertThat(both.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(both.err()).contains("player A has a clock: drop --a-depth and --a-nodes");
    }
}
