package dev.joseki.cli.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TournamentLengthTest {
    private static TournamentLength games(int n) {
        TournamentLength l = new TournamentLength();
        l.games = n;
        return l;
    }

    @Test
    void withoutALengthOneRoundIsPlayedOrAsManyAsAnSprtMayNeed() {
        assertThat(TournamentLength.rounds(null, 3, false)).isEqualTo(1);
        // 1 matchup: 2 games a round, 100,000 games in 50,000 rounds
        assertThat(TournamentLength.rounds(null, 1, true)).isEqualTo(50_000);
        // 3 matchups: 6 games a round, 100,000 / 6 = 16,666.7 rounded up
        assertThat(TournamentLength.rounds(new TournamentLength(), 3, true)).isEqualTo(16_667);
    }

    @Test
    void gamesAreRoundedUpToWholeRounds() {
        // 3 matchups play 6 games a round
        assertThat(TournamentLength.rounds(games(6), 3, true)).isEqualTo(1);
        assertThat(TournamentLength.rounds(games(7), 3, false)).isEqualTo(2);
    }

    @Test
    void roundsAreTakenAsGivenAndBelowOneRefused() {
        TournamentLength l = new TournamentLength();
        l.rounds = 4;
        assertThat(TournamentLength.rounds(l, 3, true)).isEqualTo(4);
        l.rounds = 0;
        assertThatThrownBy(() -> TournamentLength.rounds(l, 3, false))
                .hasMessage("--rounds must be at least 1");
        assertThatThrownBy(() -> TournamentLength.rounds(games(0), 3, false))
                .hasMessage("--games must be at least 1");
    }
}
