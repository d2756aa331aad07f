package dev.joseki.tournament;

import dev.joseki.notation.RecordMove;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Result;
import java.util.ArrayList;
import java.util.List;

/**
 * Real, short games refereed by {@link Game} for tests that need outcomes with a known result:
 * Black wins (White resigns after 7g7f), White wins (Black resigns at once) or a draw (max plies
 * reached after two moves).
 */
public final class TestGames {
    private TestGames() {}

    public static GameOutcome outcome(GameTask task, Result r) {
        Game g = new Game(Sfen.startPosition(), new Game.Rules(2, Declaration.Rule.POINTS_27));
        List<RecordMove> moves = new ArrayList<>();
        switch (r) {
            case BLACK_WIN -> {
                play(g, moves, "7g7f");
                g.play(Move.RESIGN);
            }
            case WHITE_WIN -> g.play(Move.RESIGN);
            case DRAW -> {
                play(g, moves, "7g7f");
                play(g, moves, "3c3d");
            }
            default -> throw new IllegalArgumentException(r.toString());
        }
        return new GameOutcome(
                task,
                g.result(),
                g.termination(),
                g.reason(),
                RecordOfGame.of(g, "test", task, moves));
    }

    private static void play(Game g, List<RecordMove> moves, String usi) {
        int m = UsiMove.parse(g.position(), usi);
        g.play(m);
        moves.add(new RecordMove(g.moves().get(g.plies() - 1), 0, List.of()));
    }
}
