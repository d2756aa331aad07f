package dev.joseki.cli.room;

import static dev.joseki.cli.room.RoomRecords.game;
import static dev.joseki.cli.room.RoomRecords.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.joseki.tournament.GameOutcome;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class GameJsonTest {
    static GameOutcome lostByA() {
        RunView v = new RunView(run("t", 4));
        v.add(game("t", 0, 'L', 1)); // A Black: 7g7f 3c3d, Black resigns
        return v.game(0);
    }

    @Test
    void theReplayJsonListsTheMovesFromTheStart() {
        JsonNode g = GameJson.of(lostByA());
        assertThat(g.get("moves").toString()).isEqualTo("[\"7g7f\",\"3c3d\"]");
        assertThat(g.get("black").asText()).isEqualTo("A");
        assertThat(g.get("result").asText()).isEqualTo("white_win");
        assertThat(g.get("termination").asText()).isEqualTo("resign");
    }

    @Test
    void downloadsAreCsaKifAndAUsiLine() {
        GameOutcome g = lostByA();
        GameJson.File usi = GameJson.download("t", g, "usi");
        assertThat(new String(usi.body(), StandardCharsets.UTF_8))
                .isEqualTo("position startpos moves 7g7f 3c3d\n");
        assertThat(usi.name()).isEqualTo("t-0.usi");
        String csa = new String(GameJson.download("t", g, "csa").body(), StandardCharsets.UTF_8);
        assertThat(csa).contains("+7776FU").contains("-3334FU").contains("%TORYO");
        assertThat(GameJson.download("t", g, "kif").type()).contains("Shift_JIS");
        assertThat(GameJson.download("t", g, "pgn")).isNull();
    }
}
