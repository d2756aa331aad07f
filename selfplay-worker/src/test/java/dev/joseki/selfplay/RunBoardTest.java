package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.RunStatus;
import dev.joseki.tournament.tune.SpsaState;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The RunInfo of a run without a report: as it starts, and its status as it ends. */
class RunBoardTest {
    static final Instant T0 = Instant.ofEpochSecond(1_790_000_000L);

    static RunInfo selfPlay(int games, long positions) {
        EngineSpec a = EngineSpec.builtin("A", SearchLimit.nodes(1000));
        // one engine against itself: listed once
        return RunBoard.started(
                "sp-1-abc", "selfplay", List.of(a, a), "nodes=1000", games, positions, T0);
    }

    @Test
    void aStartedRunListsEachPlayerOnceWithItsLimitAndPlans() {
        RunInfo info = selfPlay(10, 0);
        assertThat(info.getKind()).isEqualTo("selfplay");
        assertThat(info.getPlayersList()).extracting(p -> p.getName()).containsExactly("A");
        assertThat(info.getTimeControl()).isEqualTo("nodes=1000");
        assertThat(info.getPlannedGames()).isEqualTo(10);
        assertThat(info.getStatus()).isEqualTo(RunStatus.RUN_STATUS_RUNNING);
        assertThat(info.getStartedAt().getSeconds()).isEqualTo(1_790_000_000L);
    }

    @Test
    void anArtifactEngineNotPinnedYetIsListedByItsName() {
        EngineSpec shipped = EngineSpec.parse("artifact=wrapped nodes=500");
        RunInfo info =
                RunBoard.started("sp-2-abc", "selfplay", List.of(shipped), "nodes=500", 4, 0, T0);
        assertThat(info.getPlayers(0).getArtifact().getName()).isEqualTo("wrapped");
        assertThat(info.getPlayers(0).getArtifact().getHash()).isEmpty();
    }

    @Test
    void anEndedRunIsFinishedWhenAllWasDoneStoppedWhenNotAndFailedOnAnError() {
        Instant end = T0.plusSeconds(1800);
        RunInfo finished = RunBoard.ended(selfPlay(10, 0), 10, 0, null, end);
        RunInfo stopped = RunBoard.ended(selfPlay(10, 0), 7, 0, null, end);
        RunInfo short_ = RunBoard.ended(selfPlay(10, 500), 10, 499, null, end);
        RunInfo failed =
                RunBoard.ended(selfPlay(10, 0), 3, 0, new IllegalStateException("no worker"), end);
        assertThat(finished.getStatus()).isEqualTo(RunStatus.RUN_STATUS_FINISHED);
        assertThat(finished.getDoneGames()).isEqualTo(10);
        assertThat(stopped.getStatus()).isEqualTo(RunStatus.RUN_STATUS_STOPPED);
        assertThat(stopped.getDoneGames()).isEqualTo(7);
        assertThat(short_.getStatus()).isEqualTo(RunStatus.RUN_STATUS_STOPPED);
        assertThat(short_.getDonePositions()).isEqualTo(499);
        assertThat(failed.getStatus()).isEqualTo(RunStatus.RUN_STATUS_FAILED);
        assertThat(failed.getDetail()).isEqualTo("no worker");
        assertThat(failed.getUpdatedAt().getSeconds()).isEqualTo(1_790_001_800L);
    }

    @Test
    void aTunesRecordCarriesEachParametersValueAfterEveryUpdate() {
        // two parameters, the start and two updates
        SpsaState s =
                new SpsaState(
                        "tune-1",
                        List.of("Hash,16,1,64,2,0.002", "Depth,5,1,9,1,0.002"),
                        4,
                        1,
                        2,
                        0.602,
                        0.101,
                        0.4,
                        2,
                        List.of(18.0, 4.5),
                        List.of(16.0, 5.0),
                        List.of(List.of(16.0, 5.0), List.of(17.0, 4.75), List.of(18.0, 4.5)),
                        List.of(1.0, 0.5));
        RunInfo info = RunBoard.withTracks(selfPlay(8, 0), s);
        assertThat(info.getTracksList())
                .extracting(t -> t.getName() + " " + t.getValuesList())
                .containsExactly("Hash [16.0, 17.0, 18.0]", "Depth [5.0, 4.75, 4.5]");
        assertThat(info.getIterationsDone()).isEqualTo(2);
        // written again: the tracks are replaced, not appended
        assertThat(RunBoard.withTracks(info, s).getTracks(0).getValuesCount()).isEqualTo(3);
    }

    @Test
    void aLongTunesTrackKeepsEveryStepthValueAndTheLast() {
        // 1,001 updates of one parameter, θ after update k = k: step ⌈1001 / 500⌉ = 3, values
        // 0, 3, ..., 999 (334 of them) and then 1001
        List<List<Double>> history = new java.util.ArrayList<>();
        List<Double> results = new java.util.ArrayList<>();
        for (int k = 0; k <= 1001; k++) {
            history.add(List.of((double) k));
            if (k > 0) {
                results.add(0.5);
            }
        }
        SpsaState s =
                new SpsaState(
                        "tune-2",
                        List.of("Hash,16,0,2000,2,0.002"),
                        2000,
                        1,
                        1,
                        0.602,
                        0.101,
                        0.4,
                        1001,
                        List.of(1001.0),
                        List.of(1001.0),
                        history,
                        results);
        dev.joseki.records.proto.ParameterTrack t =
                RunBoard.withTracks(selfPlay(4000, 0), s).getTracks(0);
        assertThat(t.getStep()).isEqualTo(3);
        assertThat(t.getValuesCount()).isEqualTo(335);
        assertThat(t.getValues(1)).isEqualTo(3.0);
        assertThat(t.getValues(333)).isEqualTo(999.0);
        assertThat(t.getValues(334)).isEqualTo(1001.0);
    }
}
