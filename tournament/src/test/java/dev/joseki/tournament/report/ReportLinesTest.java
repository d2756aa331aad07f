package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.play.Sampling;
import dev.joseki.records.DistinctGames;
import org.junit.jupiter.api.Test;

class ReportLinesTest {
    @Test
    void repeatedGamesWithoutSamplingAdviseSampling() {
        assertThat(ReportLines.distinct(new DistinctGames.Count(20, 10), Sampling.OFF))
                .startsWith("Distinct games: 10 of 20 (no sampled plies) — warning:")
                .endsWith("(use more openings or --sample-plies 8)");
    }

    @Test
    void repeatedGamesDespiteSamplingShowTheSettingsAndSayWhyNotAdviseThemAgain() {
        // the README's NM-vs-HQM tournament: --sample-plies 8, and still 10 of 20 distinct
        String line = ReportLines.distinct(new DistinctGames.Count(20, 10), new Sampling(8, 30, 4));
        assertThat(line)
                .startsWith("Distinct games: 10 of 20 (sampled plies: 8 within 30 cp) — warning:")
                .contains("book moves are not sampled")
                .doesNotContain("--sample-plies 8)");
    }

    @Test
    void distinctGamesShowTheSettingsAndNoWarning() {
        assertThat(ReportLines.distinct(new DistinctGames.Count(20, 19), new Sampling(8, 30, 4)))
                .isEqualTo("Distinct games: 19 of 20 (sampled plies: 8 within 30 cp)");
    }
}
