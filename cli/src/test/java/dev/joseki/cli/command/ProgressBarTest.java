package dev.joseki.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
    @Test
    void intoAFileEachNewPercentIsALineOfItsOwn() {
        StringWriter file = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(file), true, 200, false);
        for (int done = 1; done <= 200; done++) {
            bar.update(done);
        }
        bar.finish();
        String text = file.toString();
        assertThat(text).doesNotContain("\r");
        // games 1 (0 %), then 2, 4, ..., 200 (1 % to 100 %): 1 + 100 lines
        String[] lines = text.split(System.lineSeparator());
        assertThat(lines).hasSize(101);
        assertThat(lines[0]).startsWith("[..............................] 1/200 games");
        assertThat(lines[100]).startsWith("[##############################] 200/200 games");
    }

    @Test
    void onATerminalTheBarIsRedrawnInPlaceAndEndedOnce() {
        StringWriter tty = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(tty), true, 2, true);
        bar.update(1);
        bar.update(2);
        bar.finish();
        assertThat(tty.toString())
                .matches(
                        "\r\\[#{15}\\.{15}\\] 1/2 games  \\d+ s\r\\[#{30}\\] 2/2 games  \\d+ s"
                                + System.lineSeparator());
    }
}
