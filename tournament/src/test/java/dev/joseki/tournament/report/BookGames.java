package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * Six hand-made games between A and B and hand-made books for them, shared by the book-use tests;
 * the comments say what each side's book holds and does in each game.
 */
final class BookGames {
    static final TournamentSetup SETUP =
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

    private BookGames() {}

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

    static boolean probe(int player, Position pos, int move) {
        return (player == 0 ? BOOK_A : BOOK_B).contains(Sfen.write(pos) + " " + Move.usi(move));
    }

    static GameOutcome game(GameTask task, String moves, Result result, long... clock) {
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

    /** The six games, whose book figures the tests work out by hand. */
    static List<GameOutcome> sixGames() {
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
        return games;
    }
}
