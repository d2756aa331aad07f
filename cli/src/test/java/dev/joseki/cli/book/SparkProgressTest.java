package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.Progress;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class SparkProgressTest {
    private static final long S = 1_000_000_000L;
    private static final String NL = System.lineSeparator();

    @Test
    void theRateCountsFromTheFirstStageAndPhasesAreLinesOfTheirOwn() {
        StringWriter sink = new StringWriter();
        long[] now = {0};
        Progress progress =
                new Progress(
                        new PrintWriter(sink),
                        Progress.Unit.TASKS,
                        0,
                        true,
                        false,
                        0,
                        () -> now[0]);
        SparkProgress spark = new SparkProgress(progress);
        now[0] = 10 * S; // the session took 10 s to start: not part of the rate
        spark.tasks(0, 3, 1);
        now[0] = 16 * S;
        spark.tasks(3, 3, 1); // 6 s after the first line: no line of its own
        spark.phase("book build: 6.0 s ingested");
        progress.finish();
        // 3 tasks in the 6 s since the first stage: 0.5 a second (not 3 in 16 s)
        assertThat(sink.toString())
                .isEqualTo(
                        "0 tasks  0.0 tasks/s  of 3 in 1 stage"
                                + NL
                                + "book build: 6.0 s ingested"
                                + NL
                                + "3 tasks in 6s  0.5 tasks/s  of 3 in 1 stage"
                                + NL);
    }
}
