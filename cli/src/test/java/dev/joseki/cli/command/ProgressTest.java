package dev.joseki.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * The expected lines are worked out by hand from the fake clock: a rate is done / elapsed in the
 * unit's period, the time left is (total - done) * elapsed / done.
 */
class ProgressTest {
    private static final long S = 1_000_000_000L;
    private static final String NL = System.lineSeparator();

    /** A clock that the test moves. */
    private static final class FakeClock {
        long nanos;

        long now() {
            return nanos;
        }
    }

    private final FakeClock clock = new FakeClock();
    private final StringWriter sink = new StringWriter();

    private Progress plain(Progress.Unit unit, long total) {
        return new Progress(new PrintWriter(sink), unit, total, true, false, 0, clock::now);
    }

    private Progress terminal(Progress.Unit unit, long total, int columns) {
        return new Progress(new PrintWriter(sink), unit, total, true, true, columns, clock::now);
    }

    @Test
    void intoAFileALineIsWrittenAtTheStartAndAtEachFivePercentThenTheFinalLine() {
        Progress p = plain(Progress.Unit.GAMES, 200);
        for (int done = 1; done <= 200; done++) {
            clock.nanos = 3 * done * S; // a game every 3 s: 20 games a minute
            p.update(done);
        }
        p.finish();
        String text = sink.toString();
        assertThat(text).doesNotContain("\r");
        String[] lines = text.split(NL);
        // game 1, then 10, 20, ..., 190 (5 % to 95 %), then the final line: 1 + 19 + 1
        assertThat(lines).hasSize(21);
        // 199 games left at 3 s each: 597 s
        assertThat(lines[0]).isEqualTo("1/200 games (0%)  20.0 games/min  ETA 9m57s");
        // 190 left at 3 s: 570 s
        assertThat(lines[1]).isEqualTo("10/200 games (5%)  20.0 games/min  ETA 9m30s");
        assertThat(lines[19]).isEqualTo("190/200 games (95%)  20.0 games/min  ETA 30s");
        assertThat(lines[20]).isEqualTo("200/200 games in 10m00s  20.0 games/min");
    }

    @Test
    void intoAFileAnUnknownTotalShowsTheRateAndALineEveryThirtySeconds() {
        Progress p = plain(Progress.Unit.TASKS, 0);
        for (int done = 1; done <= 4; done++) {
            clock.nanos = 10 * done * S;
            p.sparkTasks(done, 8, 2);
        }
        clock.nanos = 45 * S;
        p.finish();
        // at 10 s (the first), not at 20 s nor 30 s (20 s after it), at 40 s (30 s after it)
        assertThat(sink.toString())
                .isEqualTo(
                        "1 tasks  0.1 tasks/s  of 8 in 2 stages"
                                + NL
                                + "4 tasks  0.1 tasks/s  of 8 in 2 stages"
                                + NL
                                + "4 tasks in 45s  0.1 tasks/s  of 8 in 2 stages"
                                + NL);
    }

    @Test
    void onATerminalTheLineIsRedrawnInPlaceAtMostEveryTwoHundredMillisAndEndsPlain() {
        Progress p = terminal(Progress.Unit.POSITIONS, 4, 0);
        clock.nanos = S;
        p.update(1); // 1 a second, 3 left: 3 s
        clock.nanos = S + 100_000_000L;
        p.update(2); // 100 ms later: not drawn
        clock.nanos = 2 * S;
        p.update(3); // 3 in 2 s: 1.5 a second; 1 left at 2/3 s each: 0.67 s, rounded 1 s
        clock.nanos = 3 * S;
        p.update(4); // 4 in 3 s: 1.33
        clock.nanos = 4 * S;
        p.finish();
        assertThat(sink.toString())
                .isEqualTo(
                        "\r1/4 positions (25%)  1.0 positions/s  ETA 3s"
                                + "\r3/4 positions (75%)  1.5 positions/s  ETA 1s"
                                + "\r4/4 positions (100%)  1.3 positions/s  ETA 0s"
                                // 36 characters over the 45 drawn before: 9 spaces clear them
                                + "\r4/4 positions in 4s  1.0 positions/s"
                                + " ".repeat(9)
                                + NL);
    }

    @Test
    void onATerminalALineIsCutToTheWidthSoThatItNeverWraps() {
        Progress p = terminal(Progress.Unit.POSITIONS, 4, 20);
        clock.nanos = S;
        p.update(1);
        assertThat(sink.toString()).isEqualTo("\r1/4 positions (25%)"); // 19 columns
    }

    @Test
    void aLogLineOnATerminalClearsTheProgressLineAndDrawsItAgainBelow() {
        Progress p = terminal(Progress.Unit.EPOCHS, 2, 0);
        clock.nanos = 1800 * S;
        p.update(1); // an epoch in half an hour: 2.0 an hour, one left: 30m00s
        p.log("epoch 1/2: training loss 0.1");
        String line = "1/2 epochs (50%)  2.0 epochs/h  ETA 30m00s"; // 42 characters
        assertThat(sink.toString())
                .isEqualTo(
                        "\r"
                                + line
                                + "\r"
                                + " ".repeat(42)
                                + "\r"
                                + "epoch 1/2: training loss 0.1"
                                + NL
                                + "\r"
                                + line);
    }

    @Test
    void clearErasesTheLineAndTheNextUpdateDrawsItWhateverTheInterval() {
        Progress p = terminal(Progress.Unit.ITERATIONS, 10, 0);
        clock.nanos = 60 * S;
        p.update(1);
        p.clear();
        p.update(2); // the same instant: drawn all the same, the line was erased
        assertThat(sink.toString())
                .isEqualTo(
                        "\r1/10 iterations (10%)  1.0 iterations/min  ETA 9m00s"
                                + "\r"
                                + " ".repeat(52)
                                + "\r"
                                + "\r2/10 iterations (20%)  2.0 iterations/min  ETA 4m00s");
    }

    @Test
    void aResumedRunCountsItsRateFromWhereItStarted() {
        clock.nanos = 100 * S;
        Progress p = plain(Progress.Unit.ITERATIONS, 1000).startAt(500);
        clock.nanos = 160 * S;
        p.update(510); // 10 in this minute; 490 left at 6 s each: 2940 s
        assertThat(sink.toString())
                .isEqualTo("510/1000 iterations (51%)  10.0 iterations/min  ETA 49m00s" + NL);
    }

    @Test
    void beforeAnythingIsDoneTheTimeLeftIsUnknown() {
        Progress p = plain(Progress.Unit.EPOCHS, 10);
        p.update(0);
        assertThat(sink.toString()).isEqualTo("0/10 epochs (0%)  0.0 epochs/h  ETA ?" + NL);
    }

    @Test
    void switchedOffItPrintsNothingNotEvenTheFinalLine() {
        Progress p =
                new Progress(
                        new PrintWriter(sink), Progress.Unit.GAMES, 2, false, true, 0, clock::now);
        clock.nanos = S;
        p.update(1);
        p.update(2);
        p.finish();
        assertThat(sink.toString()).isEmpty();
    }

    @Test
    void durationsShowTheTwoLargestUnits() {
        assertThat(Progress.duration(0)).isEqualTo("0s");
        assertThat(Progress.duration(59)).isEqualTo("59s");
        assertThat(Progress.duration(60)).isEqualTo("1m00s");
        assertThat(Progress.duration(3599)).isEqualTo("59m59s");
        assertThat(Progress.duration(3600)).isEqualTo("1h00m");
        assertThat(Progress.duration(8 * 3600 + 7 * 60 + 59)).isEqualTo("8h07m");
        assertThat(Progress.duration(100 * 3600)).isEqualTo("100h00m");
    }
}
