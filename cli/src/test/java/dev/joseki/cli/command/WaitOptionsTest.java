package dev.joseki.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class WaitOptionsTest {
    @Command(name = "wait")
    static final class Waiting {
        @Mixin WaitOptions options;
    }

    private static WaitOptions parse(String... args) {
        Waiting w = new Waiting();
        new CommandLine(w).parseArgs(args);
        return w.options;
    }

    @Test
    void withoutATimeoutTheWaitLastsAYearWithProgressShown() {
        WaitOptions w = parse();
        assertThat(w.timeout()).isEqualTo(Duration.ofDays(365));
        assertThat(w.progress.noProgress).isFalse();
    }

    @Test
    void aTimeoutOf30GivesUpAfter30SecondsAndProgressIsKept() {
        WaitOptions w = parse("--wait-timeout", "30", "--progress");
        assertThat(w.timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(w.progress.progress).isTrue();
        assertThat(w.progress.noProgress).isFalse();
    }

    @Test
    void noProgressSwitchesTheProgressLinesOff() {
        java.io.StringWriter sink = new java.io.StringWriter();
        Progress p =
                parse("--no-progress")
                        .progress(new java.io.PrintWriter(sink), Progress.Unit.GAMES, 2);
        p.update(1);
        p.update(2);
        p.finish();
        assertThat(sink.toString()).isEmpty();
    }
}
