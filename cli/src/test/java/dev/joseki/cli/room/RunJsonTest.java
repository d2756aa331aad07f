package dev.joseki.cli.room;

import static dev.joseki.cli.room.RoomRecords.game;
import static dev.joseki.cli.room.RoomRecords.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class RunJsonTest {
    @Test
    void aRowSaysProgressStatusAndTheSprtBounds() {
        RunView v = new RunView(run("t", 10));
        v.add(game("t", 0, 'W', 1));
        v.add(game("t", 1, 'L', 2));
        ObjectNode row = RunJson.row(v.snapshot());
        assertThat(row.get("id").asText()).isEqualTo("t");
        assertThat(row.get("players").toString()).isEqualTo("[\"A\",\"B\"]");
        assertThat(row.get("done").asInt()).isEqualTo(2);
        assertThat(row.get("planned").asInt()).isEqualTo(10);
        assertThat(row.get("status").asText()).isEqualTo("running");
        assertThat(row.get("started").asText()).isEqualTo("2026-09-21T14:13:20Z");
        // ln(0.05 / 0.95) and ln(0.95 / 0.05)
        assertThat(row.get("lower_bound").asDouble()).isCloseTo(-2.9444, within(1e-4));
        assertThat(row.get("upper_bound").asDouble()).isCloseTo(2.9444, within(1e-4));
        // one pair W+L: score 1/2, Elo 0; no interval after one pair
        assertThat(row.get("elo").asDouble()).isCloseTo(0.0, within(1e-9));
        assertThat(row.get("error").isNull()).isTrue();
    }

    @Test
    void theDetailHoldsTheReportTheSeriesAndTheLastGamesNewestFirst() {
        RunView v = RunViewTest.played(run("t", 10));
        JsonNode d = RunJson.detail(v.snapshot());
        assertThat(d.at("/report/players/0/name").asText()).isEqualTo("A");
        assertThat(d.at("/report/players/0/points").asDouble()).isEqualTo(2.5);
        assertThat(d.at("/report/elo/pentanomial").toString()).isEqualTo("[0,0,1,1,0]");
        assertThat(d.at("/report/scheduled").asInt()).isEqualTo(10);
        assertThat(d.get("series")).hasSize(2);
        assertThat(d.at("/series/1/pairs").asInt()).isEqualTo(2);
        assertThat(d.get("last_games"))
                .extracting(g -> g.get("number").asInt())
                .containsExactly(4, 1, 3, 2, 0);
        assertThat(d.at("/last_games/0/result").asText()).isEqualTo("white_win");
        assertThat(d.get("time_use").asText()).startsWith("## Time use");
    }

    @Test
    void withoutAnSprtTheLlrIsNull() {
        RunView v = new RunView(run("t", 10).toBuilder().setSprt("").build());
        ObjectNode row = RunJson.row(v.snapshot());
        assertThat(row.get("llr").isNull()).isTrue();
        assertThat(row.get("elo").isNull()).isTrue(); // no games yet
    }
}
