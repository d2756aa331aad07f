package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.joseki.rules.Result;
import dev.joseki.tournament.GameTask;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Divergences in the six games of {@link BookGames}, worked out by hand from the two books: A's
 * book holds the line 7g7f 3c3d 2g2f 8c8d; B's holds 7g7f 3c3d, and 2g2f 8c8d from the start.
 */
class BookDivergenceTest {
    private static final long[] NO_CLOCK = {0, 0};

    /** The divergence of one game of the schedule's first task (A Black, B White). */
    private static BookDivergence oneGame(String moves, Result result) {
        GameTask t = BookGames.SETUP.schedule().get(0);
        return BookUse.of(
                        List.of(BookGames.game(t, moves, result)),
                        List.of("A", "B"),
                        NO_CLOCK,
                        BookGames::probe)
                .divergence();
    }

    @Test
    void eachGameIsCountedForTheSideWhoseBookMoveTheOtherBookLacksFirst() {
        BookDivergence d =
                BookUse.of(BookGames.sixGames(), List.of("A", "B"), NO_CLOCK, BookGames::probe)
                        .divergence();
        // Game 0 (A Black): 7g7f and 3c3d are in both books; A's 2g2f at ply 3 is not in B's
        // (B has 2g2f only from the start). A wins. Game 2: the same, a draw.
        // Game 3 (B Black): B's 2g2f at ply 3 is not in its own book (B is out); A's 8c8d at ply 4
        // is in A's book only. B wins.
        // Game 1 (B Black): B's 2g2f at ply 1, A's book has only 7g7f there. A wins.
        // Game 4 (A Black): A's 2g2f at ply 1 is out of A's book; B's 8c8d at ply 2 is in B's
        // only. B wins. Game 5 (B Black): as game 1; B wins.
        BookDivergence.Side a = d.sides().get(0), b = d.sides().get(1);
        assertThat(d.games()).isEqualTo(6);
        assertThat(d.agreed()).isZero();
        assertThat(d.agreedScoreA()).isNaN();
        assertThat(a.games()).isEqualTo(3);
        assertThat(a.plyMean()).isCloseTo(10.0 / 3, within(1e-9)); // plies 3, 3, 4
        assertThat(a.score()).isEqualTo(0.5); // 1 + ½ + 0
        assertThat(b.games()).isEqualTo(3);
        assertThat(b.plyMean()).isCloseTo(4.0 / 3, within(1e-9)); // plies 1, 2, 1
        assertThat(b.score()).isCloseTo(2.0 / 3, within(1e-9)); // 0 + 1 + 1
    }

    @Test
    void aGameWhoseBookMovesAreInBothBooksHasNoDivergence() {
        // 7g7f and 3c3d are in both books; A's 7i6h is not in its book, and B's 6a5b is not in
        // its own either: both are out without a move only one book holds.
        BookDivergence d = oneGame("7g7f 3c3d 7i6h 6a5b 2g2f 8c8d", Result.DRAW);
        assertThat(d.agreed()).isEqualTo(1);
        assertThat(d.agreedScoreA()).isEqualTo(0.5); // the draw
        assertThat(d.sides().get(0).games()).isZero();
        assertThat(d.sides().get(0).plyMean()).isNaN();
        assertThat(d.sides().get(1).score()).isNaN();
    }

    @Test
    void theConsoleGivesTheScoreOfAInTheGamesWithoutADivergence() {
        BookDivergence d = oneGame("7g7f 3c3d 7i6h 6a5b", Result.WHITE_WIN);
        assertThat(BookUseReport.divergence(d))
                .containsExactly(
                        "A's book moves that B's book lacks: none",
                        "B's book moves that A's book lacks: none",
                        "games whose book moves were all in both books: 1 of 1, A scored 0.0% in"
                                + " them");
    }

    @Test
    void theConsoleSaysNoneForASideWhoseBookNeverLedTheGameOut() {
        BookDivergence d = oneGame("7g7f 3c3d 2g2f", Result.BLACK_WIN);
        assertThat(BookUseReport.divergence(d))
                .containsExactly(
                        "A's book moves that B's book lacks: first in 1 of 1 games (ply 3.0 mean),"
                                + " A scored 100.0% in them",
                        "B's book moves that A's book lacks: none",
                        "games whose book moves were all in both books: 0 of 1");
    }
}
