package dev.joseki.cli.room;

import static dev.joseki.cli.room.RoomRecords.game;
import static dev.joseki.cli.room.RoomRecords.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.proto.WorkerHeartbeat;
import org.junit.jupiter.api.Test;

class RoomViewTest {
    @Test
    void gamesOfAnUnknownRunAreNotKeptUntilTheRunIsKnown() {
        RoomView v = new RoomView();
        assertThat(v.add(game("t", 0, 'W', 1))).isFalse();
        assertThat(v.knows("t")).isFalse();
        assertThat(v.apply(run("t", 4))).isTrue();
        assertThat(v.apply(run("t", 4))).isFalse(); // known now: an update
        assertThat(v.add(game("t", 0, 'W', 1))).isTrue();
        assertThat(v.run("t").results().games()).hasSize(1);
        assertThat(v.game("t", 0).result().id()).isEqualTo("black_win");
        assertThat(v.game("t", 1)).isNull();
        assertThat(v.run("nosuch")).isNull();
    }

    @Test
    void aDeletedHeartbeatRemovesTheWorker() {
        RoomView v = new RoomView();
        v.apply("w1", WorkerHeartbeat.newBuilder().setWorkerId("w1").build());
        v.apply("w2", WorkerHeartbeat.newBuilder().setWorkerId("w2").build());
        assertThat(v.workers())
                .extracting(WorkerHeartbeat::getWorkerId)
                .containsExactly("w1", "w2");
        v.apply("w1", null);
        assertThat(v.workers()).extracting(WorkerHeartbeat::getWorkerId).containsExactly("w2");
    }

    @Test
    void everyChangeMovesTheCounterTheLivePagesWatch() {
        RoomView v = new RoomView();
        long c0 = v.changes();
        v.apply(run("t", 4));
        long c1 = v.changes();
        v.add(game("t", 0, 'W', 1));
        long c2 = v.changes();
        v.add(game("t", 0, 'W', 1)); // a repeat changes nothing
        v.brokerProblem(null);
        long c3 = v.changes();
        v.brokerProblem(null);
        assertThat(new long[] {c0, c1, c2, c3, v.changes()})
                .containsExactly(c0, c0 + 1, c0 + 2, c0 + 3, c0 + 3);
        assertThat(v.brokerProblem()).isNull();
    }

    @Test
    void aSelfPlayRunIsListedBesideTheTournamentsWithItsGames() {
        RoomView v = new RoomView();
        v.apply(run("t", 4));
        assertThat(v.apply(CountViewTest.selfPlay(2))).isTrue();
        assertThat(v.knows("sp-1-abc")).isTrue();
        assertThat(v.add(CountViewTest.game("sp-1-abc", 0, 60))).isTrue();
        assertThat(v.rows())
                .extracting(r -> r.get("id").asText() + " " + r.get("kind").asText())
                .containsExactly("t tournament", "sp-1-abc selfplay");
        assertThat(v.rows().get(1).get("done").asInt()).isEqualTo(1);
        assertThat(v.info("sp-1-abc").getKind()).isEqualTo("selfplay");
        assertThat(v.status("sp-1-abc")).isEqualTo("running");
        assertThat(v.detail("sp-1-abc")).contains("\"game_id\":\"sp-1-abc-0/0\"");
        assertThat(v.run("sp-1-abc")).isNull(); // no tournament report
        assertThat(v.info("nosuch")).isNull();
    }
}
