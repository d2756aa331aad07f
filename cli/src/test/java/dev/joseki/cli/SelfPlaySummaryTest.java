package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Termination;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SelfPlaySummaryTest {
    private static GameRecord game(GameResult result, Termination how, String... usi) {
        GameRecord.Builder g = GameRecord.newBuilder().setResult(result).setTermination(how);
        for (String m : usi) {
            g.addMoves(MoveRecord.newBuilder().setUsi(m));
        }
        return g.build();
    }

    @Test
    void countsResultsSpeedLengthTerminationsAndRepeatedGames() {
        Map<String, GameRecord> got = new LinkedHashMap<>();
        got.put(
                "g1",
                game(
                        GameResult.GAME_RESULT_BLACK_WIN,
                        Termination.TERMINATION_RESIGN,
                        "7g7f",
                        "3c3d"));
        // the same moves as g1: a repeated game
        got.put(
                "g2",
                game(
                        GameResult.GAME_RESULT_DRAW,
                        Termination.TERMINATION_MAX_PLIES,
                        "7g7f",
                        "3c3d"));
        got.put(
                "g3",
                game(GameResult.GAME_RESULT_WHITE_WIN, Termination.TERMINATION_RESIGN, "2g2f"));
        StringWriter out = new StringWriter();
        SelfPlaySummary.print(new PrintWriter(out), got, 3600);
        // 3 games in an hour; (2 + 2 + 1) / 3 = 1.67 plies
        assertThat(out.toString().lines())
                .containsExactly(
                        "games 3 black_win 1 white_win 1 draw 1 seconds 3600.0 games_per_hour 3"
                                + " mean_plies 1.7",
                        "terminations max_plies=1 resign=2",
                        "distinct 2 duplicates 1");
    }
}
