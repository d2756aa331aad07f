package dev.joseki.cli.explorer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.ParseException;
import org.junit.jupiter.api.Test;

class ExplorerLineTest {
    /**
     * Both kings step out and back: after 12 plies the start position stands for the fourth time.
     */
    static final String FOUR_TIMES = "5i5h 5a5b 5h5i 5b5a ".repeat(3).strip();

    static String shuffle(int plies) {
        StringBuilder sb = new StringBuilder();
        String[] cycle = {"5i5h", "5a5b", "5h5i", "5b5a"};
        for (int i = 0; i < plies; i++) {
            sb.append(i == 0 ? "" : " ").append(cycle[i % 4]);
        }
        return sb.toString();
    }

    @Test
    void repetitionEndsTheLineTheSameInEitherParameter() {
        // The 13th ply comes after the game ended by sennichite, wherever the moves were written.
        assertThatThrownBy(
                        () ->
                                ExplorerLine.parse(
                                        "position startpos moves " + FOUR_TIMES + " 7g7f", null))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("sfen:1:")
                .hasMessageContaining("sennichite");
        assertThatThrownBy(() -> ExplorerLine.parse("startpos", FOUR_TIMES + " 7g7f"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("moves:1:61:")
                .hasMessageContaining("sennichite");
        assertThatThrownBy(
                        () ->
                                ExplorerLine.parse(
                                        "position startpos moves " + shuffle(6),
                                        shuffle(12).substring(30) + " 7g7f"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("sennichite");
        // Twelve plies are fine: the repetition is reached but nothing is played after it.
        assertThat(ExplorerLine.parse("startpos", FOUR_TIMES).moves()).hasSize(12);
    }

    @Test
    void aLineOfMoreThanMaxPliesIsRefusedBeforeItIsReplayed() {
        // Exactly MAX_PLIES words pass the bound and are then read as moves (here: the first is no
        // move).
        assertThatThrownBy(
                        () -> ExplorerLine.parse("startpos", "x ".repeat(ExplorerLine.MAX_PLIES)))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("'x'")
                .hasMessageNotContaining("plies");
        assertThatThrownBy(
                        () ->
                                ExplorerLine.parse(
                                        "startpos", "x ".repeat(ExplorerLine.MAX_PLIES + 1)))
                .isInstanceOf(ParseException.class)
                .hasMessage("moves:1:1: a line of 1001 plies; the explorer shows at most 1000");
        assertThatThrownBy(
                        () ->
                                ExplorerLine.parse(
                                        "position startpos moves " + "x ".repeat(600),
                                        "y ".repeat(401)))
                .hasMessageContaining("a line of 1001 plies");
    }

    @Test
    void anImpossibleStartIsAParseErrorInEveryForm() {
        // Black to move could take the king on 5a: the SFEN reader refuses it, as an SFEN or in a
        // USI line.
        assertThatThrownBy(() -> ExplorerLine.parse("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "5b5a"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("the side not to move (White) is in check");
        assertThatThrownBy(
                        () ->
                                ExplorerLine.parse(
                                        "sfen 4k4/4R4/9/9/9/9/9/9/4K4 b - 1 moves 5b5a", null))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("the side not to move (White) is in check");
        // A mate problem is a fine USI line but no game position.
        assertThatThrownBy(() -> ExplorerLine.parse("sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1", null))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("no Black king");
    }
}
