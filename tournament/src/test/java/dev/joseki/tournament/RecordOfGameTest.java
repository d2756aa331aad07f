package dev.joseki.tournament;

import dev.joseki.notation.CsaReader;
import dev.joseki.notation.CsaWriter;
import dev.joseki.notation.GameRecord;
import dev.joseki.notation.KifReader;
import dev.joseki.notation.KifWriter;
import dev.joseki.notation.Terminal;
import dev.joseki.play.EngineSpec;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import org.junit.jupiter.api.Test;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RecordOfGameTest {
    private static final GameTask TASK = Schedule.build(List.of(EngineSpec.parse("name=A builtin"),
            EngineSpec.parse("name=B builtin")), TournamentFormat.ROUND_ROBIN, 1, OpeningSuite.startPosition()).get(0);

    /** A game's record read back by our readers has the same moves and the result the referee gave. */
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
        assertThat(RecordOfGame.terminal(Termination.DECLARATION, Result.DRAW)).isEqualTo(Terminal.HIKIWAKE);
        assertThat(RecordOfGame.terminal(Termination.MAX_PLIES, Result.DRAW)).isEqualTo(Terminal.MAX_MOVES);
    }
}
