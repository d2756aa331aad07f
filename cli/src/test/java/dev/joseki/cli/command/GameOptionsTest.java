package dev.joseki.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.play.TimeControl;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class GameOptionsTest {
    @Command(name = "play")
    static final class Play {
        @Mixin GameOptions.MaxPlies maxPlies;
        @Mixin GameOptions.Clock clock;
        @Mixin GameOptions.Openings openings;
        @Mixin GameOptions.SamplePlies samplePlies;
        @Mixin GameOptions.Seed seed;
    }

    @Command(name = "run")
    static final class Run {
        @Mixin GameOptions.SampleWindow sampleWindow;
        @Mixin GameOptions.RunSeed seed;
    }

    private static Run parseRun(String... args) {
        Run r = new Run();
        new CommandLine(r).parseArgs(args);
        return r;
    }

    private static Play parse(String... args) {
        Play p = new Play();
        new CommandLine(p).parseArgs(args);
        return p;
    }

    @Test
    void withoutFlagsAGameIsDrawnAt256PliesUnclockedUnsampledFromTheShippedSuiteWithSeed1() {
        Play p = parse();
        assertThat(p.maxPlies.maxPlies).isEqualTo(256);
        assertThat(p.maxPlies.rules().maxPlies()).isEqualTo(256);
        assertThat(p.clock.clock()).isNull();
        assertThat(p.clock.margin()).isEqualTo(50);
        assertThat(p.openings.openings).isNull();
        assertThat(p.samplePlies.samplePlies).isZero();
        assertThat(p.seed.seed).isEqualTo(1);
    }

    @Test
    void givenFlagsReachTheGame() {
        Play p =
                parse(
                        "--max-plies",
                        "320",
                        "--tc",
                        "10+0.1",
                        "--time-margin",
                        "20",
                        "--openings",
                        "o.usi",
                        "--sample-plies",
                        "8",
                        "--seed",
                        "7");
        assertThat(p.maxPlies.rules().maxPlies()).isEqualTo(320);
        assertThat(p.clock.clock()).isEqualTo(new TimeControl(10_000, 100, 0, 20));
        assertThat(p.openings.openings).isEqualTo(Path.of("o.usi"));
        assertThat(p.samplePlies.samplePlies).isEqualTo(8);
        assertThat(p.seed.seed).isEqualTo(7);
    }

    @Test
    void aClockWithoutAMarginKeepsTheRefereesDefaultAndLeavesTheSpecsOwnToWin() {
        Play p = parse("--tc", "60 byoyomi=1000");
        assertThat(p.clock.timeMargin).isNull();
        assertThat(p.clock.clock()).isEqualTo(new TimeControl(60_000, 0, 1_000, 50));
    }

    @Test
    void aRunWithoutFlagsSamplesWithin30CentipawnsAndDrawsASeedBelow2To48() {
        Run r = parseRun();
        assertThat(r.sampleWindow.sampleWindow).isEqualTo(30);
        assertThat(r.seed.seed).isNull();
        assertThat(r.seed.orRandom()).isBetween(0L, (1L << 48) - 1);
    }

    @Test
    void aRunsGivenWindowAndSeedAreKept() {
        Run r = parseRun("--sample-window", "50", "--seed", "7");
        assertThat(r.sampleWindow.sampleWindow).isEqualTo(50);
        assertThat(r.seed.orRandom()).isEqualTo(7);
        assertThat(r.seed.orRandom()).as("the same on every call").isEqualTo(7);
    }
}
