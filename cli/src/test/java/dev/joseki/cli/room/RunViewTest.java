package dev.joseki.cli.room;

import static dev.joseki.cli.room.RoomRecords.game;
import static dev.joseki.cli.room.RoomRecords.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.RunStatus;
import dev.joseki.tournament.PlayerLine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run rebuilt from its records, with figures worked out by hand. Games (A's result, finishing
 * second): 0 W @1, 2 W @2, 3 L @3, 1 D @4, 4 L @5. Pair 1 (games 2, 3) completes first with 1 point
 * of 2, pair 0 (games 0, 1) second with 1.5; game 4's pair is incomplete.
 */
class RunViewTest {
    static RunView played(RunInfo info) {
        RunView v = new RunView(info);
        v.add(game("t", 0, 'W', 1));
        v.add(game("t", 2, 'W', 2));
        v.add(game("t", 3, 'L', 3));
        v.add(game("t", 1, 'D', 4));
        v.add(game("t", 4, 'L', 5));
        return v;
    }

    @Test
    void theReportCountsEveryGameOfARunningRun() {
        RunView.Snapshot s = played(run("t", 10)).snapshot();
        PlayerLine a = s.results().crosstable().players().get(0);
        assertThat(a.name()).isEqualTo("A");
        assertThat(List.of(a.wins(), a.draws(), a.losses())).containsExactly(2L, 1L, 2L);
        assertThat(a.points()).isEqualTo(2.5);
        // pentanomial [LL, LD, WL+DD, WD, WW]: pair 1 is WL, pair 0 is WD
        assertThat(s.results().testedPairs().counts()).containsExactly(0, 0, 1, 1, 0);
        assertThat(s.results().scheduledGames()).isEqualTo(10);
    }

    @Test
    void theSeriesHasOnePointPerCompletedPairInTheOrderThePairsCompleted() {
        List<RunSeries.Point> series = played(run("t", 10)).snapshot().series();
        assertThat(series).extracting(RunSeries.Point::pairs).containsExactly(1, 2);
        // Pair scores 0, 1/4, 1/2, 3/4, 1 with every zero count taken as 0.001 (Fishtest's
        // regularisation). Pair 1 alone, counts [0,0,1,0,0]: the mean is
        // (0.25 * 0.001 + 0.5 + 0.001) / 1.004 = 0.5 exactly, Elo 0.
        assertThat(series.get(0).elo()).isCloseTo(0.0, within(1e-9));
        // Both, [0,0,1,1,0]: (0.25 * 0.001 + 0.5 + 0.75 + 0.001) / 2.003 = 0.624688, Elo =
        // -400 log10(1 / 0.624688 - 1) = 88.508
        assertThat(series.get(1).elo()).isCloseTo(88.508, within(0.001));
        // the last point is the report's LLR
        assertThat(series.get(1).llr())
                .isEqualTo(played(run("t", 10)).snapshot().results().sprt().llr());
    }

    @Test
    void anEndedRunCountsOnlyTheGamesItsReportCounted() {
        RunInfo ended =
                run("t", 10).toBuilder()
                        .setStatus(RunStatus.RUN_STATUS_DECIDED_H1)
                        .addAllCountedGames(List.of(0, 1, 2, 3))
                        .build();
        RunView.Snapshot s = played(ended).snapshot();
        PlayerLine a = s.results().crosstable().players().get(0);
        assertThat(List.of(a.wins(), a.draws(), a.losses())).containsExactly(2L, 1L, 1L);
        assertThat(RunJson.status(s.info())).isEqualTo("decided H1");
    }

    @Test
    void aGameIsCountedOnceAndForeignGamesAreRefused() {
        RunView v = new RunView(run("t", 10));
        assertThat(v.add(game("t", 0, 'W', 1))).isTrue();
        assertThat(v.add(game("t", 0, 'L', 9))).isFalse(); // a replayed task's second record
        assertThat(v.add(game("other", 1, 'W', 1))).isFalse();
        assertThat(v.gamesSeen()).isEqualTo(1);
        assertThat(v.snapshot().results().crosstable().players().get(0).wins()).isEqualTo(1);
    }

    @Test
    void aRunReusingTheIdWithOtherPlayersStartsAfresh() {
        RunView v = played(run("t", 10));
        v.update(run("t", 10).toBuilder().setStatus(RunStatus.RUN_STATUS_FINISHED).build());
        assertThat(v.gamesSeen()).isEqualTo(5); // same players: the games stay
        v.update(run("t", 10).toBuilder().setPlayers(1, RoomRecords.player("C")).build());
        assertThat(v.gamesSeen()).isZero();
    }
}
