package dev.joseki.cli.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Timestamp;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.RunStatus;
import dev.joseki.records.proto.Termination;
import dev.joseki.selfplay.RunBoard;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The figures of a run without a report, worked out by hand: a self-play run started at T0 whose
 * games finish at T0 + 600, 1200 and 1800 s made 3 games in half an hour, 6 per hour.
 */
class CountViewTest {
    static final long T0 = 1_790_000_000L;

    static RunInfo selfPlay(int planned) {
        return RunInfo.newBuilder()
                .setRunId("sp-1-abc")
                .setKind("selfplay")
                .addPlayers(RoomRecords.player("A"))
                .setPlannedGames(planned)
                .setTimeControl("nodes=1000")
                .setStatus(RunStatus.RUN_STATUS_RUNNING)
                .setStartedAt(Timestamp.newBuilder().setSeconds(T0))
                .build();
    }

    /** Task i's game of the run, a two-ply draw finished {@code second} s after T0. */
    static GameRecord game(String runId, int i, long second) {
        return GameRecord.newBuilder()
                .setGameId(runId + "-" + i + "/0")
                .setTaskId(runId + "-" + i)
                .setTournamentId(runId)
                .setBlack(RoomRecords.player("A"))
                .setWhite(RoomRecords.player("A"))
                .addMoves(RoomRecords.move("7g7f"))
                .addMoves(RoomRecords.move("3c3d"))
                .setResult(GameResult.GAME_RESULT_DRAW)
                .setTermination(Termination.TERMINATION_MAX_PLIES)
                .setFinishedAt(Timestamp.newBuilder().setSeconds(T0 + second))
                .build();
    }

    static JsonNode detail(CountView v) throws Exception {
        return RunJson.MAPPER.readTree(v.detail());
    }

    @Test
    void gamesPerHourAreTheGamesOverTheTimeFromTheStartToTheLastGame() {
        CountView v = new CountView(selfPlay(4));
        assertThat(v.gamesPerHour()).isNaN();
        assertThat(v.add(game("sp-1-abc", 0, 600))).isTrue();
        assertThat(v.add(game("sp-1-abc", 2, 1800))).isTrue();
        assertThat(v.add(game("sp-1-abc", 1, 1200))).isTrue();
        assertThat(v.add(game("sp-1-abc", 1, 1200))).isFalse(); // the same game again
        assertThat(v.gamesPerHour()).isEqualTo(6.0);
        assertThat(v.row().get("done").asInt()).isEqualTo(3);
        assertThat(v.row().get("planned").asInt()).isEqualTo(4);
        assertThat(v.row().get("status").asText()).isEqualTo("running");
        assertThat(v.row().get("games_per_hour").asDouble()).isEqualTo(6.0);
        assertThat(v.row().get("positions_planned").isNull()).isTrue();
        assertThat(v.row().get("llr").isNull()).isTrue();
    }

    @Test
    void theRunPageListsTheLastGamesNewestFirst() throws Exception {
        CountView v = new CountView(selfPlay(4));
        v.add(game("sp-1-abc", 0, 600));
        v.add(game("sp-1-abc", 2, 1800));
        v.add(game("sp-1-abc", 1, 1200));
        JsonNode last = detail(v).get("last_games");
        assertThat(last).hasSize(3);
        assertThat(last.get(0).get("game_id").asText()).isEqualTo("sp-1-abc-2/0");
        assertThat(last.get(1).get("game_id").asText()).isEqualTo("sp-1-abc-1/0");
        assertThat(last.get(2).get("game_id").asText()).isEqualTo("sp-1-abc-0/0");
        assertThat(last.get(0).get("result").asText()).isEqualTo("draw");
        assertThat(last.get(0).get("termination").asText()).isEqualTo("max_plies");
        assertThat(last.get(0).get("plies").asInt()).isEqualTo(2);
    }

    @Test
    void aRunningSelfPlayWithEveryPlannedGameOnTheBrokerIsFinished() {
        // enqueued without --wait: its command writes no end record
        CountView v = new CountView(selfPlay(2));
        v.add(game("sp-1-abc", 0, 60));
        assertThat(v.status()).isEqualTo("running");
        v.add(game("sp-1-abc", 1, 120));
        assertThat(v.status()).isEqualTo("finished");
        assertThat(v.gamesPerHour()).isEqualTo(60.0); // 2 games in 120 s
    }

    @Test
    void anEndedRunShowsTheGamesItsCommandCounted() {
        CountView v = new CountView(selfPlay(4));
        for (int i = 0; i < 4; i++) {
            v.add(game("sp-1-abc", i, 600 * (i + 1)));
        }
        // stopped after 3 games had arrived; a fourth finished on a worker afterwards
        v.update(RunBoard.ended(selfPlay(4), 3, 0, null, Instant.ofEpochSecond(T0 + 1900)));
        assertThat(v.status()).isEqualTo("stopped");
        assertThat(v.gamesDone()).isEqualTo(3);
        assertThat(v.row().get("done").asInt()).isEqualTo(3);
    }

    @Test
    void positionsPerHourComeFromTheEndRecord() {
        RunInfo started =
                selfPlay(10).toBuilder().setKind("evaluate").setPlannedPositions(1000).build();
        CountView v = new CountView(started);
        assertThat(v.positionsPerHour()).isNaN(); // not counted on the broker while it runs
        assertThat(v.row().get("positions_planned").asLong()).isEqualTo(1000);
        assertThat(v.row().get("positions_done").isNull()).isTrue();
        v.update(RunBoard.ended(started, 10, 1000, null, Instant.ofEpochSecond(T0 + 1800)));
        assertThat(v.status()).isEqualTo("finished");
        // 1,000 positions in 1,800 s
        assertThat(v.positionsPerHour()).isEqualTo(2000.0);
        assertThat(v.row().get("positions_done").asLong()).isEqualTo(1000);
        assertThat(v.row().get("positions_per_hour").asDouble()).isEqualTo(2000.0);
        assertThat(v.status()).isEqualTo("finished");
    }

    @Test
    void aTrainingRunShowsItsPositionsOnceEndedWithoutAPlan() {
        // train data plans games; its positions are known when it ends
        RunInfo started = selfPlay(2).toBuilder().setKind("train-data").build();
        CountView v = new CountView(started);
        assertThat(v.row().get("positions_done").isNull()).isTrue();
        v.update(RunBoard.ended(started, 2, 90, null, Instant.ofEpochSecond(T0 + 60)));
        assertThat(v.row().get("positions_done").asLong()).isEqualTo(90);
        assertThat(v.row().get("positions_planned").isNull()).isTrue();
        // 90 positions in 60 s
        assertThat(v.positionsPerHour()).isEqualTo(5400.0);
    }

    @Test
    void aTuneShowsEachParameterTrackAndItsIterations() throws Exception {
        RunInfo tune =
                selfPlay(8).toBuilder()
                        .setKind("tune")
                        .addTracks(
                                dev.joseki.records.proto.ParameterTrack.newBuilder()
                                        .setName("Hash")
                                        .addValues(16)
                                        .addValues(17.5)
                                        .addValues(18))
                        .setIterationsDone(2)
                        .build();
        CountView v = new CountView(tune);
        // 8 planned games are 4 iterations
        assertThat(v.row().get("iterations_done").asInt()).isEqualTo(2);
        assertThat(v.row().get("iterations_planned").asInt()).isEqualTo(4);
        assertThat(v.stoppable()).isFalse();
        JsonNode track = detail(v).get("tracks").get(0);
        assertThat(track.get("name").asText()).isEqualTo("Hash");
        assertThat(track.get("values").toString()).isEqualTo("[16.0,17.5,18.0]");
    }

    @Test
    void miningShowsPositionsPerHourWhileItRunsAndItsBusyShareOnceEnded() {
        RunInfo mining =
                selfPlay(0).toBuilder().setKind("mining").setPlannedPositions(10_000).build();
        CountView v = new CountView(mining);
        // a progress record after 15 minutes: 500 positions
        v.update(
                mining.toBuilder()
                        .setDonePositions(500)
                        .setUpdatedAt(Timestamp.newBuilder().setSeconds(T0 + 900))
                        .build());
        assertThat(v.positionsPerHour()).isEqualTo(2000.0);
        assertThat(v.row().get("positions_done").asLong()).isEqualTo(500);
        assertThat(v.row().get("busy_share").isNull()).isTrue();
        v.update(
                RunBoard.finished(
                        mining.toBuilder().setDonePositions(1200).setBusyShare(0.75).build(),
                        "empty frontier",
                        Instant.ofEpochSecond(T0 + 3600)));
        assertThat(v.positionsPerHour()).isEqualTo(1200.0);
        assertThat(v.row().get("busy_share").asDouble()).isEqualTo(0.75);
        assertThat(v.status()).isEqualTo("finished");
        assertThat(v.row().get("detail").asText()).isEqualTo("empty frontier");
    }
}
