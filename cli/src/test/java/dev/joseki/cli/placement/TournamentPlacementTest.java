package dev.joseki.cli.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.Progress;
import dev.joseki.tournament.TournamentListener;
import dev.joseki.tournament.stats.Sprt;
import dev.joseki.tournament.stats.SprtDecision;
import dev.joseki.tournament.stats.SprtStatus;
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
    void eachGameGoesToTheProgressWithTheScoreAsItsDetail() {
        java.io.StringWriter file = new java.io.StringWriter();
        long[] now = {0};
        Progress progress =
                new Progress(
                        new java.io.PrintWriter(file),
                        Progress.Unit.GAMES,
                        0,
                        true,
                        false,
                        0,
                        () -> now[0]);
        TournamentListener l = TournamentPlacement.progressListener(progress, "A");
        now[0] = 60_000_000_000L;
        l.onGame(null, 1, 3, new Trinomial(0, 0, 1), null); // a win: 1-0-0
        now[0] = 90_000_000_000L;
        l.onGame(null, 2, 3, new Trinomial(1, 0, 1), null); // 30 s after, 33 % to 66 %: a line
        now[0] = 120_000_000_000L;
        l.onGame(null, 3, 3, new Trinomial(1, 1, 1), null); // the last: the final line says it
        progress.finish();
        String nl = System.lineSeparator();
        assertThat(file.toString())
                .isEqualTo(
                        "1/3 games (33%)  1.0 games/min  ETA 2m00s  A 1-0-0 (100.0%)"
                                + nl
                                + "2/3 games (66%)  1.3 games/min  ETA 45s  A 1-1-0 (50.0%)"
                                + nl
                                + "3/3 games in 2m00s  1.5 games/min  A 1-1-1 (50.0%)"
                                + nl);
    }

    @Test
    void withAnSprtTheDetailShowsTheLlrAndItsBounds() {
        // alpha = beta = 0.05: bounds ln(0.05 / 0.95) = -2.944 and ln(0.95 / 0.05) = 2.944
        SprtStatus status =
                new SprtStatus(Sprt.parse("elo0=0,elo1=10"), 1.234, SprtDecision.CONTINUE, 4);
        assertThat(TournamentPlacement.detail("A", new Trinomial(2, 2, 4), status))
                .isEqualTo("A 4-2-2 (62.5%)  LLR 1.23 (-2.94, 2.94)");
    }
}
