package dev.joseki.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.CsaReader;
import dev.joseki.notation.CsaWriter;
import dev.joseki.notation.GameRecord;
import dev.joseki.notation.KifReader;
import dev.joseki.notation.KifWriter;
import dev.joseki.notation.Terminal;
import dev.joseki.play.EngineSpec;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordOfGameTest {
    private static final GameTask TASK =
            Schedule.build(
                            List.of(
                                    EngineSpec.parse("name=A builtin"),
                                    EngineSpec.parse("name=B builtin")),
                            TournamentFormat.ROUND_ROBIN,
                            1,
                            OpeningSuite.startPosition())
                    .get(0);

    /**
     * A game's record read back by our readers has the same moves and the result the referee gave.
     */
    @Test
    void everyKindOfResultSurvivesCsaAndKif() {
        for (Result r : List.of(Result.BLACK_WIN, Result.WHITE_WIN, Result.DRAW)) {
            GameRecord g = TestGames.outcome(TASK, r).record();
            GameRecord csa = CsaReader.read(CsaWriter.write(g), "g.csa").get(0);
            GameRecord kif = KifReader.read(KifWriter.write(g), "g.kif").get(0);
            assertThat(csa.usi()).isEqualTo(g.usi());
            assertThat(kif.usi()).isEqualTo(g.usi());
            assertThat(csa.result()).as("csa " + r).isEqualTo(r);
            assertThat(kif.result()).as("kif " + r).isEqualTo(r);
            assertThat(csa.blackName()).isEqualTo("A");
            assertThat(csa.whiteName()).isEqualTo("B");
        }
    }

    /** The foul goes to the side that lost: Black's perpetual check is Black's illegal action. */
    @Test
    void foulsAreChargedToTheLoser() {
        assertThat(RecordOfGame.terminal(Termination.PERPETUAL_CHECK, Result.WHITE_WIN))
                .isEqualTo(Terminal.BLACK_ILLEGAL_ACTION);
        assertThat(RecordOfGame.terminal(Termination.PERPETUAL_CHECK, Result.BLACK_WIN))
                .isEqualTo(Terminal.WHITE_ILLEGAL_ACTION);
        assertThat(RecordOfGame.terminal(Termination.ILLEGAL_MOVE, Result.BLACK_WIN))
                .isEqualTo(Terminal.WHITE_ILLEGAL_ACTION);
        assertThat(RecordOfGame.terminal(Termination.DECLARATION, Result.DRAW))
                .isEqualTo(Terminal.HIKIWAKE);
        assertThat(RecordOfGame.terminal(Termination.MAX_PLIES, Result.DRAW))
                .isEqualTo(Terminal.MAX_MOVES);
    }

    /**
     * An engine's milliseconds become whole seconds rounded down (1,999 ms → 1 s, 999 ms → 0 s,
     * 61,500 ms → 61 s); the opening ply has none. CSA: a T line after each engine move. KIF: the
     * move's time and the mover's running total, White 1 s then 1 + 61 = 62 s = 00:01:02. Both read
     * back the same.
     */
    @Test
    void engineTimesAreWrittenInWholeSecondsRoundedDown() {
        dev.joseki.rules.Game game =
                new dev.joseki.rules.Game(
                        dev.joseki.notation.Sfen.startPosition(),
                        dev.joseki.rules.Game.Rules.DEFAULT);
        for (String usi : List.of("7g7f", "3c3d", "2g2f", "8c8d")) {
            game.play(dev.joseki.notation.UsiMove.parse(game.position(), usi));
        }
        game.play(dev.joseki.rules.Move.RESIGN);
        dev.joseki.play.MoveInfo searched = dev.joseki.play.MoveInfo.NONE;
        List<dev.joseki.play.MoveInfo> info =
                List.of(
                        dev.joseki.play.MoveInfo.OPENING_LINE,
                        searched.withTimeMs(1999),
                        searched.withTimeMs(999),
                        searched.withTimeMs(61_500));
        GameRecord g = RecordOfGame.outcome("t", TASK, game, info).record();
        String csa = CsaWriter.write(g);
        assertThat(csa).contains("+7776FU\n-3334FU\nT1\n+2726FU\nT0\n-8384FU\nT61\n%TORYO\n");
        String kif = KifWriter.write(g);
        assertThat(kif)
                .contains(
                        "   1 ７六歩(77)\n",
                        "   2 ３四歩(33)   ( 0:01/00:00:01)\n",
                        "   3 ２六歩(27)   ( 0:00/00:00:00)\n",
                        "   4 ８四歩(83)   ( 1:01/00:01:02)\n");
        List<Integer> seconds = List.of(-1, 1, 0, 61);
        assertThat(CsaReader.read(csa, "g.csa").get(0).moves())
                .extracting(m -> m.seconds())
                .isEqualTo(seconds);
        assertThat(KifReader.read(kif, "g.kif").get(0).moves())
                .extracting(m -> m.seconds())
                .isEqualTo(seconds);
    }
}
