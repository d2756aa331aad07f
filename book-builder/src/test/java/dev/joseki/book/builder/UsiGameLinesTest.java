package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reading USI game files: good lines become games, every bad line one rejected record with a short
 * message.
 */
class UsiGameLinesTest {

    @Test
    void equalJunkLinesAreEachRejectedNotDeduplicated() {
        List<GameInput> g =
                UsiGameLines.parse("f.usi", "junk\n# comment\njunk\nstartpos moves 7g7f\n");
        assertThat(g).hasSize(3);
        assertThat(g.get(0).error()).startsWith("f.usi:1:1: expected 'startpos' or 'sfen'");
        assertThat(g.get(2).error()).isNull();
        assertThat(g.get(0).gameId()).isNotEqualTo(g.get(1).gameId());
    }

    @Test
    void binaryContentRejectsTheWholeFileAtOnce() {
        List<GameInput> g =
                UsiGameLines.parse("f.txt", "startpos moves 7g7f\n\u0000\u0001garbage\n");
        assertThat(g)
                .singleElement()
                .extracting(GameInput::error)
                .asString()
                .contains("binary content");
    }

    @Test
    void anOverlongLineIsRejectedUnreadAndItsMessageStaysShort() {
        String huge = "startpos moves " + "7g7f ".repeat(200_000);
        List<GameInput> g = UsiGameLines.parse("f.usi", huge + "\n");
        assertThat(g)
                .singleElement()
                .extracting(GameInput::error)
                .asString()
                .startsWith("f.usi:1:32769: a line of 1000015 characters")
                .hasSizeLessThan(200);
    }

    @Test
    void aHugeTokenIsQuotedCut() {
        List<GameInput> g = UsiGameLines.parse("f.usi", "sfen " + "x".repeat(30_000) + " b - 1\n");
        assertThat(g.get(0).error()).contains("(30006 characters)").hasSizeLessThan(500);
    }

    @Test
    void onlyTheFirstRejectedLinesOfAFileKeepTheirMessage() {
        List<GameInput> g =
                UsiGameLines.parse("f.usi", "junk\n".repeat(UsiGameLines.MESSAGES_PER_FILE + 5));
        assertThat(g).hasSize(UsiGameLines.MESSAGES_PER_FILE + 5);
        assertThat(g.get(UsiGameLines.MESSAGES_PER_FILE).error()).isEqualTo("f.usi:21: rejected");
    }
}
