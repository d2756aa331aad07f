package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.MoveInfo;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import dev.joseki.tournament.Concurrency;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.RecordOfGame;
import dev.joseki.tournament.RunEnd;
import dev.joseki.tournament.TournamentFormat;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Time use on hand-made clocked games between A and B (tc=10+0.1); expected means worked out below.
 */
class TimeUseTest {
    private static final TournamentSetup SETUP =
            new TournamentSetup(
                    "t",
                    List.of(
                            EngineSpec.parse("name=A builtin tc=10+0.1"),
                            EngineSpec.parse("name=B builtin tc=10+0.1")),
                    TournamentFormat.ROUND_ROBIN,
                    1,
                    OpeningSuite.startPosition(),
                    null,
                    Game.Rules.DEFAULT);
    private static final String[] MOVES = {"7g7f", "3c3d", "2g2f", "8c8d"};

    /**
     * The first plies of MOVES with these times and clocks; the game then ends as {@code end} says.
     */
    private static GameOutcome game(
            GameTask task, long[] ms, long[] left, boolean blackLosesOnTime) {
        Game g = new Game(Sfen.startPosition(), Game.Rules.DEFAULT);
        List<MoveInfo> info = new ArrayList<>();
        List<Long> clock = new ArrayList<>();
        for (int i = 0; i < ms.length; i++) {
            g.play(UsiMove.parse(g.position(), MOVES[i]));
            info.add(MoveInfo.NONE.withTimeMs((int) ms[i]));
            clock.add(left[i]);
        }
        if (blackLosesOnTime) {
            g.end(Result.WHITE_WIN, Termination.TIME, "black exceeded its time");
        } else {
            g.end(Result.DRAW, Termination.ABORT, "stopped");
        }
        return RecordOfGame.outcome("t", task, g, info, clock);
    }

    @Test
    void meansByPhaseClockLeftAndTimeLossesPerEngine() {
        List<GameTask> t = SETUP.schedule(); // game 0: A Black, game 1: B Black
        // Game 0: A plays plies 1 and 3 (400, 600 ms; clock 9700 then 9200), B ply 2 and 4 (1000,
        // 2000; 9100, 7200);
        // then A (Black) loses on time.
        GameOutcome g0 =
                game(
                        t.get(0),
                        new long[] {400, 1000, 600, 2000},
                        new long[] {9700, 9100, 9200, 7200},
                        true);
        // Game 1: B plays ply 1 (3000 ms; 7100 left), A ply 2 (0 ms; 10100 left); a draw.
        GameOutcome g1 = game(t.get(1), new long[] {3000, 0}, new long[] {7100, 10100}, false);
        TournamentResults r = TournamentResults.of(SETUP, List.of(g0, g1), 2, RunEnd.COMPLETE);
        List<TimeUse.Row> rows = TimeUse.rows(r);
        // A: 400, 600, 0 -> 1000 / 3 = 333.3 ms; clock left at the end: 9200 and 10100 -> 9650; one
        // time loss.
        assertThat(rows.get(0).moves()).isEqualTo(3);
        assertThat(rows.get(0).meanMsByPhase()[0])
                .isCloseTo(333.33, org.assertj.core.data.Offset.offset(0.01));
        assertThat(rows.get(0).meanMsByPhase()[1]).isNaN();
        assertThat(rows.get(0).meanClockLeftAtEndMs()).isEqualTo(9650);
        assertThat(rows.get(0).timeLosses()).isEqualTo(1);
        // B: 1000, 2000, 3000 -> 2000 ms; left 7200 and 7100 -> 7150; no time loss.
        assertThat(rows.get(1).meanMsByPhase()[0]).isEqualTo(2000);
        assertThat(rows.get(1).meanClockLeftAtEndMs()).isEqualTo(7150);
        assertThat(rows.get(1).timeLosses()).isZero();
        String md = TimeUse.markdown(r, new Concurrency(2, 1, 4));
        assertThat(md)
                .contains("Concurrency: 2 games at once x 1 thread per game on 4 cores.")
                .contains("| A | 1 | 3 | 333 | - | - | - | 9650 | 1 |")
                .contains("| B | 1 | 3 | 2000 | - | - | - | 7150 | 0 |");
        assertThat(TimeUse.html(r, null))
                .contains(
                        "<tr><td>A</td><td>1</td><td>3</td><td>333</td><td>-</td><td>-</td><td>-</td>"
                            + "<td>9650</td><td>1</td></tr>");
    }

    @Test
    void phasesAreThirtyPliesLong() {
        assertThat(TimeUse.phase(1)).isZero();
        assertThat(TimeUse.phase(30)).isZero();
        assertThat(TimeUse.phase(31)).isEqualTo(1);
        assertThat(TimeUse.phase(90)).isEqualTo(2);
        assertThat(TimeUse.phase(91)).isEqualTo(3);
        assertThat(TimeUse.phase(300)).isEqualTo(3);
    }
}
