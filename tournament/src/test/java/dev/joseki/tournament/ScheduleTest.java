package dev.joseki.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.play.EngineSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleTest {
    private static final List<EngineSpec> FOUR =
            List.of(
                    EngineSpec.parse("name=a builtin"),
                    EngineSpec.parse("name=b builtin"),
                    EngineSpec.parse("name=c builtin"),
                    EngineSpec.parse("name=d builtin"));

    @Test
    void roundRobinMeetsEveryPairOnce() {
        assertThat(TournamentFormat.ROUND_ROBIN.matchups(4))
                .containsExactly(
                        new Matchup(0, 1),
                        new Matchup(0, 2),
                        new Matchup(0, 3),
                        new Matchup(1, 2),
                        new Matchup(1, 3),
                        new Matchup(2, 3));
    }

    @Test
    void gauntletPitsTheFirstAgainstEachOther() {
        assertThat(TournamentFormat.GAUNTLET.matchups(4))
                .containsExactly(new Matchup(0, 1), new Matchup(0, 2), new Matchup(0, 3));
    }

    @Test
    void everyPairSharesItsOpeningWithColoursSwapped() {
        OpeningSuite openings =
                OpeningSuite.sequential(
                        OpeningSuite.parse("startpos moves 7g7f\nstartpos moves 2g2f\n", "o"));
        List<GameTask> tasks = Schedule.build(FOUR, TournamentFormat.GAUNTLET, 2, openings);
        assertThat(tasks).hasSize(2 * 3 * 2);
        for (int i = 0; i < tasks.size(); i += 2) {
            GameTask g0 = tasks.get(i), g1 = tasks.get(i + 1);
            assertThat(g0.id()).isEqualTo(i);
            assertThat(g0.pair()).isEqualTo(g1.pair()).isEqualTo(i / 2);
            assertThat(g0.gameInPair()).isZero();
            assertThat(g1.gameInPair()).isOne();
            assertThat(g1.black()).isEqualTo(g0.white());
            assertThat(g1.white()).isEqualTo(g0.black());
            assertThat(g0.blackSpec()).isEqualTo(FOUR.get(g0.black()));
            assertThat(g1.opening()).isEqualTo(g0.opening());
        }
        // Round 0 uses the first opening for all matchups, round 1 the second.
        assertThat(tasks.get(0).opening()).isEqualTo(openings.opening(0));
        assertThat(tasks.get(5).opening()).isEqualTo(openings.opening(0));
        assertThat(tasks.get(6).opening())
                .isEqualTo(openings.opening(1))
                .isNotEqualTo(openings.opening(0));
        assertThat(tasks.get(6).round()).isOne();
    }

    @Test
    void needsTwoPlayersAndARound() {
        assertThatThrownBy(() -> TournamentFormat.ROUND_ROBIN.matchups(1))
                .hasMessageContaining("at least two");
        assertThatThrownBy(
                        () ->
                                Schedule.build(
                                        FOUR,
                                        TournamentFormat.ROUND_ROBIN,
                                        0,
                                        OpeningSuite.startPosition()))
                .hasMessageContaining("rounds");
    }
}
