package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.MoveInfo;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.RecordOfGame;
import dev.joseki.tournament.TournamentFormat;
import dev.joseki.tournament.TournamentSetup;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Book use of six hand-made games between A and B with hand-made books; every expected figure is
 * worked out in the comments from the books and the moves.
 */
class BookUseTest {
    private static final TournamentSetup SETUP =
            new TournamentSetup(
                    "t",
                    List.of(EngineSpec.parse("name=A builtin"), EngineSpec.parse("name=B builtin")),
                    TournamentFormat.ROUND_ROBIN,
                    3,
                    OpeningSuite.startPosition(),
                    null,
                    Game.Rules.DEFAULT);

    /** A's book: the line 7g7f 3c3d 2g2f 8c8d. B's: 7g7f 3c3d and 2g2f 8c8d from the start. */
    private static final Set<String> BOOK_A = book("7g7f 3c3d 2g2f 8c8d");

    private static final Set<String> BOOK_B = union(book("7g7f 3c3d"), book("2g2f 8c8d"));

    private static Set<String> book(String line) {
        Set<String> book = new HashSet<>();
        Position pos = Sfen.startPosition();
        for (String usi : line.split(" ")) {
            book.add(Sfen.write(pos) + " " + usi);
            pos.doMove(UsiMove.parse(pos, usi));
        }
        return book;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new HashSet<>(a);
        u.addAll(b);
        return u;
    }

    private static boolean probe(int player, Position pos, int move) {
        return (player == 0 ? BOOK_A : BOOK_B).contains(Sfen.write(pos) + " " + Move.usi(move));
    }

    private static GameOutcome game(GameTask task, String moves, Result result, long... clock) {
        Game g = new Game(Sfen.startPosition(), Game.Rules.DEFAULT);
        List<MoveInfo> info = new ArrayList<>();
        List<Long> left = new ArrayList<>();
        String[] usi = moves.split(" ");
        for (int i = 0; i < usi.length; i++) {
            g.play(UsiMove.parse(g.position(), usi[i]));
            info.add(MoveInfo.NONE.withTimeMs(100));
            if (clock.length > 0) {
                left.add(clock[i]);
            }
        }
        g.end(result, result == Result.DRAW ? Termination.MAX_PLIES : Termination.RESIGN, "x");
        return RecordOfGame.outcome("t", task, g, info, left);
    }

    private static BookUse sixGames() {
        List<GameTask> t = SETUP.schedule(); // games 0, 2, 4: A Black; 1, 3, 5: B Black
        assertThat(t.get(0).black()).isZero();
        assertThat(t.get(1).black()).isEqualTo(1);
        List<GameOutcome> games =
                List.of(
                        // A 7g7f, 2g2f in book (2), leaves at ply 5; B 3c3d (1), leaves at ply 4.
                        // Line: 7g7f 3c3d 2g2f. A wins. Clock: A 9700 after ply 3, B 9800.
                        game(
                                t.get(0),
                                "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e",
                                Result.BLACK_WIN,
                                9900,
                                9800,
                                9700,
                                9600,
                                9500,
                                9400),
                        // B 2g2f (1), leaves at ply 3; A out at once, ply 2 (0). Line: 2g2f. A
                        // (White) wins. Clock: A none in book -> main 10000, B 9000.
                        game(t.get(1), "2g2f 8c8d 7g7f", Result.WHITE_WIN, 9000, 8000, 7000),
                        // As game 0, a draw.
                        game(t.get(2), "7g7f 3c3d 2g2f 8c8d 2f2e", Result.DRAW),
                        // B 7g7f (1), leaves at ply 3; A 3c3d, 8c8d (2) and never leaves.
                        // Line: 7g7f 3c3d. B (Black) wins.
                        game(t.get(3), "7g7f 3c3d 2g2f 8c8d", Result.BLACK_WIN),
                        // A out at ply 1 (0); B 8c8d (1), leaves at ply 4. Line: empty. B wins.
                        game(t.get(4), "2g2f 8c8d 7g7f 3c3d", Result.WHITE_WIN),
                        // As game 1; B (Black) wins.
                        game(t.get(5), "2g2f 8c8d 7g7f 3c3d", Result.BLACK_WIN));
        return BookUse.of(games, List.of("A", "B"), new long[] {10000, 10000}, BookUseTest::probe);
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
                        "best line for A: 7g7f 3c3d 2g2f: 75.0% of 2 games",
                        "worst line for A: 2g2f: 50.0% of 2 games");
    }
}
