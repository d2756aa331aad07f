package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import org.junit.jupiter.api.Test;

class GameTest {

    private static void play(Game g, String... usi) {
        for (String m : usi) {
            assertThat(g.isOver()).as("game over before " + m).isFalse();
            g.play(UsiMove.parseSyntax(g.position(), m, "test", 1, 1));
        }
    }

    @Test
    void fourthRepetitionIsADraw() {
        Game g = new Game(Sfen.startPosition());
        for (int i = 0; i < 2; i++) {
            play(g, "2h3h", "8b7b", "3h2h", "7b8b");
        }
        play(g, "2h3h", "8b7b", "3h2h");
        assertThat(g.isOver()).isFalse(); // start position seen 3 times so far
        play(g, "7b8b");
        assertThat(g.termination()).isEqualTo(Termination.SENNICHITE);
        assertThat(g.result()).isEqualTo(Result.DRAW);
        assertThat(g.plies()).isEqualTo(12);
    }

    @Test
    void perpetualCheckLosesForTheCheckingSide() {
        // Black's rook checks on file 1 and file 2 while White's king shuttles 1a-2a.
        Game g = new Game(Sfen.parse("8k/9/9/9/9/9/9/9/K6R1 b - 1"));
        for (int i = 0; i < 3; i++) {
            play(g, "2i1i", "1a2a", "1i2i", "2a1a");
        }
        assertThat(g.termination()).isEqualTo(Termination.PERPETUAL_CHECK);
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
    }

    @Test
    void checkmateEndsTheGame() {
        // White king 1a alone; a gold dropped on 1b, defended by the knight on 2d, covers 2a and
        // 2b.
        Game g = new Game(Sfen.parse("8k/9/9/7N1/9/9/9/9/4K4 b G 1"));
        play(g, "G*1b");
        assertThat(g.termination()).isEqualTo(Termination.CHECKMATE);
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
    }

    @Test
    void illegalMoveLosesForTheMover() {
        Game g = new Game(Sfen.startPosition());
        g.play(UsiMove.parseSyntax(g.position(), "7g7e", "test", 1, 1));
        assertThat(g.termination()).isEqualTo(Termination.ILLEGAL_MOVE);
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(g.plies()).isZero();
    }

    @Test
    void maxPliesIsADraw() {
        Game g = new Game(Sfen.startPosition(), new Game.Rules(3, Declaration.Rule.POINTS_27));
        play(g, "7g7f", "3c3d", "2g2f");
        assertThat(g.termination()).isEqualTo(Termination.MAX_PLIES);
        assertThat(g.result()).isEqualTo(Result.DRAW);
    }

    @Test
    void resignationLosesForTheSideToMove() {
        Game g = new Game(Sfen.startPosition());
        play(g, "7g7f");
        g.play(Move.RESIGN);
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(g.termination()).isEqualTo(Termination.RESIGN);
    }
}
