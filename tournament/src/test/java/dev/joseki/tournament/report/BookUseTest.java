package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Book use of the six hand-made games of {@link BookGames}; every expected figure is worked out in
 * the comments from the books and the moves.
 */
class BookUseTest {
    private static BookUse sixGames() {
        return BookUse.of(
                BookGames.sixGames(),
                List.of("A", "B"),
                new long[] {10000, 10000},
                BookGames::probe);
    }

    @Test
    void bookMovesCountTheSidesConsecutiveBookMovesFromItsFirstMove() {
        BookUse u = sixGames();
        BookUse.Side a = u.sides().get(0), b = u.sides().get(1);
        // A: 2, 0, 2, 2, 0, 0 -> 6 / 6; B: 1 in every game.
        assertThat(a.games()).isEqualTo(6);
        assertThat(a.bookMovesMean()).isEqualTo(1.0);
        assertThat(a.bookMovesMin()).isZero();
        assertThat(a.bookMovesMax()).isEqualTo(2);
        assertThat(b.bookMovesMean()).isEqualTo(1.0);
        assertThat(b.bookMovesMin()).isEqualTo(1);
        assertThat(b.bookMovesMax()).isEqualTo(1);
    }

    @Test
    void exitPliesLeaveOutTheGamesASideEndedInBook() {
        BookUse u = sixGames();
        BookUse.Side a = u.sides().get(0), b = u.sides().get(1);
        // A left at plies 5, 2, 5, -, 1, 2: sorted 1 2 2 5 5, mean 15 / 5 = 3, median 2.
        assertThat(a.exits()).isEqualTo(5);
        assertThat(a.exitPlyMean()).isEqualTo(3.0);
        assertThat(a.exitPlyMedian()).isEqualTo(2.0);
        // B at 4, 3, 4, 3, 4, 3: mean 21 / 6 = 3.5, median (3 + 4) / 2.
        assertThat(b.exits()).isEqualTo(6);
        assertThat(b.exitPlyMean()).isCloseTo(3.5, within(1e-9));
        assertThat(b.exitPlyMedian()).isEqualTo(3.5);
    }

    @Test
    void clockAtExitIsTheClockAfterTheLastBookMoveOrTheMainTime() {
        BookUse u = sixGames();
        // Clocked games 0 and 1 only. A: 9700 and 10000 (no book move); B: 9800 and 9000.
        assertThat(u.sides().get(0).clockedGames()).isEqualTo(2);
        assertThat(u.sides().get(0).exitClockMeanMs()).isEqualTo(9850.0);
        assertThat(u.sides().get(1).exitClockMeanMs()).isEqualTo(9400.0);
    }

    @Test
    void linesWithTwoGamesAreRankedByTheScoreOfA() {
        BookUse u = sixGames();
        // 7g7f 3c3d 2g2f: games 0 (A wins), 2 (draw) -> 0.75; 2g2f: games 1 (A wins), 5 (A
        // loses) -> 0.5. The lines 7g7f 3c3d and the empty one have one game and are not ranked.
        assertThat(u.best())
                .containsExactly(new BookUse.Line(List.of("7g7f", "3c3d", "2g2f"), 2, 0.75));
        assertThat(u.worst()).containsExactly(new BookUse.Line(List.of("2g2f"), 2, 0.5));
    }

    @Test
    void theConsoleLinesNameTheSidesAndTheLines() {
        List<String> lines = BookUseReport.lines(sixGames());
        assertThat(lines)
                .containsExactly(
                        "book use A: 1.0 book moves per game (min 0, max 2), left it at ply 3.0"
                                + " mean, 2.0 median (5 of 6 games), clock left 9850 ms mean",
                        "book use B: 1.0 book moves per game (min 1, max 1), left it at ply 3.5"
                                + " mean, 3.5 median (6 of 6 games), clock left 9400 ms mean",
                        "A's book moves that B's book lacks: first in 3 of 6 games (ply 3.3 mean),"
                                + " A scored 50.0% in them",
                        "B's book moves that A's book lacks: first in 3 of 6 games (ply 1.3 mean),"
                                + " B scored 66.7% in them",
                        "games whose book moves were all in both books: 0 of 6",
                        "best line for A: 7g7f 3c3d 2g2f: 75.0% of 2 games",
                        "worst line for A: 2g2f: 50.0% of 2 games");
    }
}
