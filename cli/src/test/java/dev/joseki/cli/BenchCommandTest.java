package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchCommandTest {
    @Test
    void lastLineIsNodesAndNpsAndTheCountIsTheSameEveryRun() {
        Cli.Run a = Cli.run("bench", "--depth", "3");
        Cli.Run b = Cli.run("bench", "--depth", "3");
        assertThat(a.status()).isZero();
        List<String> lines = a.out().strip().lines().toList();
        assertThat(lines.get(lines.size() - 1)).matches("nodes \\d+ nps \\d+");
        assertThat(lines.stream().filter(l -> l.startsWith("position "))).hasSize(6);
        String nodesA = lines.get(lines.size() - 1).split(" ")[1];
        List<String> linesB = b.out().strip().lines().toList();
        assertThat(linesB.get(linesB.size() - 1).split(" ")[1]).isEqualTo(nodesA);
    }

    @Test
    void badDepthIsAUsageError() {
        assertThat(Cli.run("bench", "--depth", "0").status()).isNotZero();
    }

    @Test
    void theBenchSaysWhichEvaluationItSearchedWith() {
        assertThat(Cli.run("bench", "--depth", "1").out())
                .startsWith("evaluation: trained, hkn, hkn-20261202 (shipped)\n");
        assertThat(Cli.run("bench", "--depth", "1", "--handcrafted").out())
                .startsWith("evaluation: handcrafted\n");
        Cli.Run both = Cli.run("bench", "--handcrafted", "--eval-file", "x.eval");
        assertThat(both.status()).isNotZero();
        assertThat(both.err()).contains("give --eval-file or --handcrafted, not both");
    }
}
