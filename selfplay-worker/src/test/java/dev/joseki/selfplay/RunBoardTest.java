package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.RunStatus;
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
}
