package dev.joseki.cli.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.tournament.stats.Trinomial;
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

    @Test
    void progressIntoAFileIsOneLinePerGameNotCarriageReturns() {
        java.io.StringWriter file = new java.io.StringWriter();
        dev.joseki.tournament.TournamentListener l =
                TournamentPlacement.progressListener(new java.io.PrintWriter(file), "A", false);
        l.onGame(null, 1, 3, new Trinomial(0, 0, 1), null);
        l.onGame(null, 2, 3, new Trinomial(1, 0, 1), null);
        l.onGame(null, 3, 3, new Trinomial(1, 1, 1), null);
        String nl = System.lineSeparator();
        assertThat(file.toString())
                .isEqualTo(
                        "1/3 games  A 1-0-0 (100.0%)"
                                + nl
                                + "2/3 games  A 1-1-0 (50.0%)"
                                + nl
                                + "3/3 games  A 1-1-1 (50.0%)"
                                + nl);
    }

    @Test
    void progressOnATerminalIsRedrawnInPlace() {
        java.io.StringWriter tty = new java.io.StringWriter();
        dev.joseki.tournament.TournamentListener l =
                TournamentPlacement.progressListener(new java.io.PrintWriter(tty), "A", true);
        l.onGame(null, 1, 2, new Trinomial(0, 0, 1), null);
        l.onGame(null, 2, 2, new Trinomial(0, 1, 1), null);
        assertThat(tty.toString())
                .isEqualTo("\r1/2 games  A 1-0-0 (100.0%)\r2/2 games  A 1-0-1 (75.0%)");
    }
}
