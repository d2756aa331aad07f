package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BookUseReportTest {
    @Test
    void aLineWithoutMovesSaysTheFirstMoverLeftItsBookNotThatASideDid() {
        // A with a book against B without: when B plays Black, the game's book line is empty
        assertThat(BookUseReport.line(new BookUse.Line(List.of(), 4, 0.25)))
                .isEqualTo(
                        "(no book move: the first mover was out of its book at ply 1): 25.0% of 4"
                                + " games");
    }

    @Test
    void aLineWithMovesListsThem() {
        assertThat(BookUseReport.line(new BookUse.Line(List.of("7g7f", "3c3d"), 2, 1.0)))
                .isEqualTo("7g7f 3c3d: 100.0% of 2 games");
    }
}
