package dev.joseki.cli.placement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TournamentPlacementTest {
    @Test
    void onlyALastingBrokerIsAdvertisedAsResumable() {
        assertThat(TournamentPlacement.resumeHint("t1", false))
                .isEqualTo(" (re-run with --name t1 to continue it)");
        assertThat(TournamentPlacement.resumeHint("t1", true))
                .doesNotContain("re-run")
                .contains("--bootstrap-servers");
    }

    @Test
    void aNewIdIsATournamentIdThatDiffersFromTheLast() {
        String first = TournamentPlacement.newId();
        assertThat(first).matches("t-\\d+-[0-9a-f]{6}");
        assertThat(TournamentPlacement.newId()).isNotEqualTo(first);
    }
}
